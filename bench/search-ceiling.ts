// npm run bench:search-ceiling (ADR 22): the member search API of one app node at 1,000,000 members
// against its ceiling measured in the same run, a bare node:http + pg server running the very
// queries the search ran (bench/bare-search.ts). Goal: at least 90 % of the ceiling's rate. Both run
// in turn for several rounds; the ratio is the median of each round's (both servers ran within
// seconds of each other in a round, so the machine's drift over a run falls out of it).
// PostgreSQL: DATABASE_URL (seeded up to BENCH_MEMBERS if short), else a cluster of its own.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { MemberSearchQuery } from '../common/schemas/members.ts'
import { openDatabase, queryRows } from '../server/db/client.ts'
import { ensureReferenceData } from '../server/db/reference/ensure-reference-data.ts'
import { seedDemoMembers } from '../server/db/seed/demo-members.ts'
import { localMediaStore } from '../server/lib/media-store.ts'
import { hashToken } from '../server/lib/tokens.ts'
import { createMembersService } from '../server/modules/members/members.service.ts'
import { NODE_FLAGS } from '../server/node-flags.ts'
import { freePort, PostgresServer, waitFor } from '../tests/support/cluster.ts'

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000)
const CONCURRENCY = 16
const SECONDS = 6
/** Untimed load of a server before each timed one. */
const WARM_SECONDS = 2
/** Rounds of both servers, in turn: the machine's other work moves one round's ratio by ±10 %. */
const ROUNDS = 9
const QUERY: MemberSearchQuery = {
  page: 1,
  gender: 'female',
  country: 'NL',
  min_age: 25,
  max_age: 45,
} as MemberSearchQuery
const URL_QUERY = 'gender=female&country=NL&min_age=25&max_age=45&page=1'

// Every query the pool runs, grouped as they ran: one started while others were running joins them.
interface Recorded {
  text: string
  values: unknown[]
  rowMode?: 'array'
}
const groups: Recorded[][] = []
let recording = false
let running = 0
const poolQuery = pg.Pool.prototype.query
pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
  if (recording) {
    const q = args[0] as string | { text: string; values?: unknown[]; rowMode?: 'array' }
    const entry =
      typeof q === 'string'
        ? { text: q, values: (args[1] as unknown[]) ?? [] }
        : { text: q.text, values: q.values ?? (args[1] as unknown[]) ?? [], rowMode: q.rowMode }
    if (running === 0) groups.push([])
    groups[groups.length - 1].push(entry)
    running++
    const result = (poolQuery as (...a: unknown[]) => Promise<unknown>).apply(this, args)
    return result.finally(() => running--)
  }
  return (poolQuery as (...a: unknown[]) => unknown).apply(this, args)
} as typeof pg.Pool.prototype.query

const dir = mkdtempSync(path.join(tmpdir(), 'dating-search-'))
let server: PostgresServer | null = null
let url = process.env.DATABASE_URL
if (!url) {
  server = await PostgresServer.create(dir)
  url = server.url
}
const children: ChildProcess[] = []
try {
  const database = await openDatabase({ url })
  await database.migrate()
  await ensureReferenceData(database.db)
  const [{ n }] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from users where demo`,
  )
  if (n < MEMBERS) {
    const started = Date.now()
    await seedDemoMembers(database.db, {
      members: MEMBERS,
      seed: 42,
      media: localMediaStore(path.join(dir, 'media')),
    })
    console.log(
      `seeded ${MEMBERS.toLocaleString('en')} members in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    )
  }
  await database.db.execute(sql`analyze`)
  const [viewer] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from users where demo order by id limit 1`,
  )
  const token = randomBytes(32).toString('base64url')
  await database.db.execute(
    sql`insert into sessions (user_id, token_hash, expires_at) values (${viewer.id}, ${hashToken(token)}, now() + interval '1 day')`,
  )
  const members = createMembersService(database.db, { now: () => new Date() })
  await members.search(QUERY, viewer.id, '/media')
  recording = true
  const sample = await members.search(QUERY, viewer.id, '/media')
  recording = false
  await database.close()
  const file = path.join(dir, 'queries.json')
  writeFileSync(file, JSON.stringify(groups))

  const appPort = await freePort()
  const barePort = await freePort()
  const env = {
    ...process.env,
    DATABASE_URL: url,
    NODE_ENV: 'production',
    PAYMENTS: 'sandbox',
    MAIL: 'outbox',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
  }
  children.push(
    spawn(process.execPath, [...NODE_FLAGS, 'tests/support/api-node.ts'], {
      env: { ...env, PORT: String(appPort) },
      stdio: 'inherit',
    }),
  )
  children.push(
    spawn(process.execPath, [...NODE_FLAGS, 'bench/bare-search.ts', file], {
      env: { ...env, PORT: String(barePort) },
      stdio: 'inherit',
    }),
  )
  const app = `http://127.0.0.1:${appPort}/api/members.php?${URL_QUERY}`
  const bare = `http://127.0.0.1:${barePort}/`
  await waitFor('the app node', async () => (await fetch(`http://127.0.0.1:${appPort}/readyz`)).ok, 60_000)
  await waitFor('the bare server', async () => (await fetch(bare)).status !== 0, 10_000)
  const bareCheck = await fetch(bare)
  if (bareCheck.status !== 200) throw new Error(`bare server: ${bareCheck.status} ${await bareCheck.text()}`)
  // What a member's browser asks for (Chromium's header): Node's fetch alone asks a plain-http
  // server for gzip only, which no member's browser gets from us (ADR 39).
  const headers = { cookie: `auth.session=${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' }
  const check = await fetch(app, { headers })
  if (check.status !== 200) throw new Error(`search: ${check.status} ${await check.text()}`)

  const load = async (target: string, seconds = SECONDS) => {
    const times: number[] = []
    const end = performance.now() + seconds * 1000
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          const t0 = performance.now()
          const res = await fetch(target, { headers })
          await res.arrayBuffer()
          if (res.status !== 200) throw new Error(`${target}: ${res.status}`)
          times.push(performance.now() - t0)
        }
      }),
    )
    times.sort((a, b) => a - b)
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]
    return { rps: times.length / seconds, p50: at(50), p99: at(99) }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]
  await load(app, 4)
  await load(bare, 4)
  // Each is loaded untimed first, after idling while the other ran: before, the ceiling's pool had
  // closed its connections idle for 10 s (pg's default, now kept as the app's) and opened new ones,
  // which PostgreSQL serves slowly at first, in every round it ran second.
  const timed = async (target: string) => {
    await load(target, WARM_SECONDS)
    return load(target)
  }
  // Each round runs both, the one that went second before going first now.
  const rounds: { ours: Awaited<ReturnType<typeof load>>; ceiling: Awaited<ReturnType<typeof load>> }[] = []
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      const ceiling = await timed(bare)
      rounds.push({ ceiling, ours: await timed(app) })
    } else {
      const ours = await timed(app)
      rounds.push({ ours, ceiling: await timed(bare) })
    }
  }
  const summary = (pick: (r: (typeof rounds)[number]) => Awaited<ReturnType<typeof load>>) => ({
    rps: median(rounds.map((r) => pick(r).rps)),
    p50: median(rounds.map((r) => pick(r).p50)),
    p99: median(rounds.map((r) => pick(r).p99)),
  })
  const ours = summary((r) => r.ours)
  const ceiling = summary((r) => r.ceiling)
  const ratio = median(rounds.map((r) => r.ours.rps / r.ceiling.rps))
  console.log(
    `\nmember search (women in NL, 25-45, page 1, as a member) on ${Math.max(n, MEMBERS).toLocaleString('en')} members: ${sample.total.toLocaleString('en')} found; ${groups.flat().length} queries in ${groups.length} round trips; ${CONCURRENCY} at once, ${ROUNDS} rounds of ${SECONDS} s each after ${WARM_SECONDS} s untimed, medians of the rounds`,
  )
  console.log('server'.padEnd(44), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8))
  for (const [name, r] of [
    ['the app node (GET /api/members.php)', ours],
    ['ceiling: node:http + pg, the same queries', ceiling],
  ] as const)
    console.log(
      name.padEnd(44),
      r.rps.toFixed(0).padStart(8),
      r.p50.toFixed(1).padStart(8),
      r.p99.toFixed(1).padStart(8),
    )
  const percent = (r: { ours: { rps: number }; ceiling: { rps: number } }) =>
    `${((r.ours.rps / r.ceiling.rps) * 100).toFixed(0)} %`
  console.log(
    `rounds (app / ceiling req/s): ${rounds.map((r) => `${r.ours.rps.toFixed(0)}/${r.ceiling.rps.toFixed(0)} (${percent(r)})`).join(', ')}`,
  )
  console.log(
    `app / ceiling, the median of the rounds' ratios: ${(ratio * 100).toFixed(1)} % (goal ≥ 90 %: ${ratio >= 0.9 ? 'met' : 'NOT MET'}); of the medians above: ${percent({ ours, ceiling })}`,
  )
  if (ratio < 0.9) process.exitCode = 1
} finally {
  for (const child of children) child.kill('SIGKILL')
  server?.kill()
}
