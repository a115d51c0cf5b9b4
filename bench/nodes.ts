// npm run bench:nodes (ADR 22): chat through nginx on deploy/nginx/dating.conf, two app nodes
// against one, in the same run: messages a second and delivery time (send → the recipient's socket).
// Starts its own PostgreSQL, Redis, two nodes and nginx (tests/support/cluster.ts).
import { performance } from 'node:perf_hooks'
import { type Cluster, startCluster } from '../tests/support/app-cluster.ts'
import { missingPrograms, sleep } from '../tests/support/cluster.ts'
import { call, clientId, type Member, MemberPage, newMember } from '../tests/support/cluster-members.ts'

const PAIRS = 40
const WORKERS = 24
const SECONDS = 8

const missing = missingPrograms()
if (missing.length > 0) {
  console.log(`\ntwo nodes against one: skipped (missing: ${missing.join(', ')})`)
  process.exit(0)
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN

async function chatRun(c: Cluster, pairs: Array<{ from: Member; to: Member }>) {
  const pages = pairs.map((pair) => new MemberPage(c.nginx.base, pair.to))
  for (const page of pages) await page.open()
  const sentAt = new Map<string, { at: number; page: MemberPage }>()
  let acknowledged = 0
  let failed = 0
  const started = performance.now()
  const end = started + SECONDS * 1000
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      for (let i = worker; performance.now() < end; i += WORKERS) {
        const n = i % pairs.length
        const id = clientId()
        sentAt.set(id, { at: performance.now(), page: pages[n] })
        const res = await call(c.nginx.base, pairs[n].from, 'POST', '/api/message.php', {
          profile: pairs[n].to.profileId,
          text: 'How was your weekend?',
          client_id: id,
        })
        if (res.status === 200) acknowledged++
        else failed++
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  await sleep(1500)
  const delivery: number[] = []
  let undelivered = 0
  for (const [id, sent] of sentAt) {
    const arrived = sent.page.arrived.get(id)
    if (arrived === undefined) undelivered++
    else delivery.push(arrived - sent.at)
  }
  for (const page of pages) page.close()
  delivery.sort((a, b) => a - b)
  return { rate: acknowledged / seconds, failed, undelivered, p50: pct(delivery, 50), p99: pct(delivery, 99) }
}

/**
 * `rate` messages a second offered through nginx for SECONDS (an open loop, as members send): what
 * was saved, what the nodes shed (503, the members' apps send it again), and of the saved ones how
 * many never reached the recipient's socket live (lost: the live path, not the catch-up).
 */
async function steadyRun(c: Cluster, pairs: Array<{ from: Member; to: Member }>, rate: number) {
  const pages = pairs.map((pair) => new MemberPage(c.nginx.base, pair.to))
  for (const page of pages) await page.open()
  const saved = new Map<string, { at: number; page: MemberPage }>()
  let shed = 0
  let failed = 0
  const failures = new Map<string, number>()
  const fail = (why: string) => {
    failed++
    failures.set(why, (failures.get(why) ?? 0) + 1)
  }
  const pending: Promise<void>[] = []
  const started = performance.now()
  for (let n = 0; performance.now() - started < SECONDS * 1000; ) {
    const due = Math.floor(((performance.now() - started) * rate) / 1000)
    for (; n < due; n++) {
      const pair = n % pairs.length
      const id = clientId()
      const at = performance.now()
      pending.push(
        call(c.nginx.base, pairs[pair].from, 'POST', '/api/message.php', {
          profile: pairs[pair].to.profileId,
          text: 'How was your weekend?',
          client_id: id,
        }).then(
          (res) => {
            if (res.status === 200) saved.set(id, { at, page: pages[pair] })
            else if (res.status === 503) shed++
            else fail(String(res.status))
          },
          (error: unknown) => fail((error as Error).name ?? 'error'),
        ),
      )
    }
    await sleep(1)
  }
  await Promise.all(pending)
  const seconds = (performance.now() - started) / 1000
  await sleep(1500)
  const delivery: number[] = []
  let lost = 0
  for (const [id, sent] of saved) {
    const arrived = sent.page.arrived.get(id)
    if (arrived === undefined) lost++
    else delivery.push(arrived - sent.at)
  }
  for (const page of pages) page.close()
  delivery.sort((a, b) => a - b)
  return {
    rate: saved.size / seconds,
    shed,
    failed,
    failures: [...failures].map(([why, n]) => `${n} × ${why}`).join(', '),
    lost,
    p50: pct(delivery, 50),
    p99: pct(delivery, 99),
  }
}

/** Two nodes that share events through PostgreSQL's NOTIFY alone (no Redis), at 1,500 messages a second. */
async function withoutRedis() {
  const c = await startCluster(undefined, { redis: false })
  try {
    const pairs: Array<{ from: Member; to: Member }> = []
    for (let i = 0; i < PAIRS; i++) {
      pairs.push({
        from: await newMember(c.nginx.base, c.database, `Quiet${i}`, 1_000_000),
        to: await newMember(c.nginx.base, c.database, `Listener${i}`),
      })
    }
    await chatRun(c, pairs.slice(0, 4)) // warm-up
    const r = await steadyRun(c, pairs, 1500)
    console.log(
      `\ntwo nodes sharing events through PostgreSQL NOTIFY (no Redis), 1,500 messages a second offered for ${SECONDS} s through nginx:`,
    )
    console.log(
      `  ${r.rate.toFixed(0)} saved a second, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms; shed with 503: ${r.shed}; failed: ${r.failed}${r.failures ? ` (${r.failures})` : ''}; saved but not delivered live (lost): ${r.lost} (goal: 0)`,
    )
    if (r.lost > 0 || r.failed > 0) process.exitCode = 1
  } finally {
    await c.close()
  }
}

const c = await startCluster()
try {
  const pairs: Array<{ from: Member; to: Member }> = []
  for (let i = 0; i < PAIRS; i++) {
    pairs.push({
      from: await newMember(c.nginx.base, c.database, `Sender${i}`, 1_000_000),
      to: await newMember(c.nginx.base, c.database, `Reader${i}`),
    })
  }
  await chatRun(c, pairs.slice(0, 4)) // warm-up
  const two = await chatRun(c, pairs)
  c.nginx.writeNodes(c.nodes, [c.nodes[1]])
  await c.nginx.reload()
  const one = await chatRun(c, pairs)
  const row = (name: string, r: typeof two) =>
    console.log(
      name.padEnd(26),
      r.rate.toFixed(0).padStart(10),
      r.p50.toFixed(1).padStart(9),
      r.p99.toFixed(1).padStart(9),
      String(r.failed + r.undelivered).padStart(12),
    )
  console.log(
    `\nchat through nginx: ${PAIRS} pairs, ${WORKERS} senders at once, ${SECONDS} s, PostgreSQL + Redis, all on this machine's 2 cores`,
  )
  console.log(
    'nodes'.padEnd(26),
    'messages/s'.padStart(10),
    'p50 ms'.padStart(9),
    'p99 ms'.padStart(9),
    'lost/failed'.padStart(12),
  )
  row('two nodes (both in nginx)', two)
  row('one node (ceiling: B down)', one)
  console.log(`two nodes / one node: ${(two.rate / one.rate).toFixed(2)}x messages a second`)
} finally {
  await c.close()
}

await withoutRedis()
