// npm run bench:calls (issue 59): calls through the relay on this machine, two Chromium pages with
// the fake camera and microphone per call, through a real node on PostgreSQL and a coturn started
// here. Prints the time from the callee's answer to both pages connected (median and p95 over
// BENCH_CALLS calls; goal: median ≤ 500 ms), beside its ceiling measured in the same run: the same
// calls without the relay (CALLS=local, the browsers directly); and the relay's CPU per call (its
// process's CPU time while one video call runs, per second of the call).
// DATABASE_URL names a scratch PostgreSQL database, else the bench starts one of its own.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser } from '@playwright/test'
import { openDatabase } from '../server/db/client.ts'
import { startCoturn } from '../server/lib/turn/coturn.ts'
import { fakeMediaBrowser } from '../tests/e2e/microphone.ts'
import { missingPrograms, PostgresServer } from '../tests/support/cluster.ts'
import { call, clientId, type Member, newMember } from '../tests/support/cluster-members.ts'
import { startServer, waitReady } from './server.ts'

const CALLS = Number(process.env.BENCH_CALLS ?? 20)
const HOLD_MS = 5000
const PORT = 3194
const base = `http://127.0.0.1:${PORT}`
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}
const TICKS_PER_SECOND = 100

/** A process's CPU time so far, in seconds (utime + stime of /proc/<pid>/stat). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

async function pagesOf(browser: Browser, member: Member, conversation: number) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } })
  await context.addCookies([
    { name: member.cookie.split('=')[0], value: member.cookie.split('=').slice(1).join('='), url: base },
    { name: 'i18n_redirected', value: 'en', url: base },
  ])
  const page = await context.newPage()
  await page.goto(`/chats/${conversation}`)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  return page
}

/** One call: accept-to-connected in ms, and the relay's CPU seconds per second while it runs. */
async function oneCall(
  browser: Browser,
  database: Awaited<ReturnType<typeof openDatabase>>,
  relayPid: number | null,
) {
  const a = await newMember(base, database, 'Caller', 500)
  const b = await newMember(base, database, 'Callee', 500)
  const opened = await call(base, a, 'POST', '/api/message.php', {
    profile: b.profileId,
    text: 'Hi',
    client_id: clientId(),
  })
  const conversation = (opened.json() as { conversation: number }).conversation
  await call(base, b, 'POST', '/api/message.php', { conversation, text: 'Hello', client_id: clientId() })
  for (const m of [a, b]) await call(base, m, 'PUT', '/api/call-consent.php', { conversation, allowed: true })
  const [pa, pb] = await Promise.all([pagesOf(browser, a, conversation), pagesOf(browser, b, conversation)])
  await pa.getByRole('button', { name: 'Video call' }).click()
  await pb.getByRole('button', { name: 'Answer with camera' }).waitFor()
  const started = performance.now()
  await pb.getByRole('button', { name: 'Answer with camera' }).click()
  const connected = (page: typeof pa) =>
    page.locator('[data-testid="call-screen"][data-phase="connected"]').waitFor({ timeout: 20_000 })
  await Promise.all([connected(pa), connected(pb)])
  const ms = performance.now() - started
  let cpu: number | null = null
  if (relayPid) {
    const before = cpuSeconds(relayPid)
    await new Promise((r) => setTimeout(r, HOLD_MS))
    cpu = (cpuSeconds(relayPid) - before) / (HOLD_MS / 1000)
  }
  await pa.getByRole('button', { name: 'End call' }).click()
  await Promise.all([pa.context().close(), pb.context().close()])
  return { ms, cpu }
}

async function run(label: string, env: Record<string, string>, relayPid: number | null, databaseUrl: string) {
  const server = startServer(PORT, '.tmp/bench-calls', {
    SEED_MEMBERS: '0',
    SIGNUP_LIMIT_PER_HOUR: '100000',
    DATABASE_URL: databaseUrl,
    ...env,
  })
  const database = await openDatabase({ url: databaseUrl })
  const browser = await fakeMediaBrowser()
  try {
    await waitReady(base)
    await oneCall(browser, database, null) // warm-up: the pages' first load
    const results = []
    for (let i = 0; i < CALLS; i++) results.push(await oneCall(browser, database, relayPid))
    const times = results.map((r) => r.ms)
    const cpus = results.flatMap((r) => (r.cpu === null ? [] : [r.cpu]))
    return {
      label,
      median: percentile(times, 50),
      p95: percentile(times, 95),
      cpu: cpus.length ? percentile(cpus, 50) : null,
    }
  } finally {
    await browser.close()
    await database.close()
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
  }
}

let own: PostgresServer | null = null
let databaseUrl = process.env.DATABASE_URL
if (!databaseUrl) {
  if (missingPrograms().some((m) => m.startsWith('PostgreSQL'))) {
    console.log('\ncalls: skipped (no PostgreSQL: set DATABASE_URL or install it)')
    process.exit(0)
  }
  own = await PostgresServer.create(mkdtempSync(path.join(tmpdir(), 'dating-bench-calls-')))
  databaseUrl = own.url
}
const coturn = await startCoturn({
  host: '127.0.0.2',
  port: 3481,
  selfOnly: true,
  minPort: 50_000,
  maxPort: 50_400,
})
try {
  const relayed = await run(
    'through the relay',
    { TURN_URL: coturn.relay.urls.join(','), TURN_SECRET: coturn.relay.secret },
    coturn.process.pid ?? null,
    databaseUrl,
  )
  const direct = await run('ceiling: browsers directly (no relay)', { CALLS: 'local' }, null, databaseUrl)
  console.log(`\ncalls (${CALLS} video calls each, 640×360, two Chromium pages per call)`)
  console.log('| | accept to connected, median | p95 | relay CPU per call |')
  console.log('|---|---|---|---|')
  for (const r of [relayed, direct])
    console.log(
      `| ${r.label} | ${r.median.toFixed(0)} ms | ${r.p95.toFixed(0)} ms | ${r.cpu === null ? '—' : `${(r.cpu * 100).toFixed(1)} % of a core`} |`,
    )
  console.log(
    `relay over ceiling (median): ${(relayed.median / direct.median).toFixed(2)}× · goal: median ≤ 500 ms: ${relayed.median <= 500 ? 'met' : 'not met'}`,
  )
} finally {
  await coturn.stop()
  own?.kill()
}
