// npm run bench: latency and throughput of the public calls and pages on loopback, and memory, on
// PGlite and on PostgreSQL (DATABASE_URL, or a server of its own when installed); then Lighthouse,
// and the several-nodes figures of ADR 22 with their ceilings (bench/nodes.ts, sockets.ts,
// search-ceiling.ts), each starting the servers it needs.
import { execSync, spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { missingPrograms, PostgresServer } from '../tests/support/cluster.ts'
import { startServer, waitReady } from './server.ts'

const PORT = 3190
const base = `http://127.0.0.1:${PORT}`
const REQUESTS = 400
const CONCURRENCY = 8

const CALLS: Array<[string, string]> = [
  ['GET /api/settings.php', '/api/settings.php'],
  ['GET /api/regions.php?country=FR', '/api/regions.php?country=FR'],
  ['GET /api/interests.php', '/api/interests.php'],
  ['GET /api/members.php (search)', '/api/members.php?gender=female&page=1'],
  ['GET /api/member.php?id=5', '/api/member.php?id=5'],
  ['GET / (SSR)', '/'],
  ['GET /pages/terms (SSR)', '/pages/terms'],
  ['GET /nope (SSR 404)', '/nope'],
]

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

async function measure(base: string, url: string) {
  for (let i = 0; i < 20; i++) await (await fetch(base + url)).arrayBuffer()
  const times: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++
        const t0 = performance.now()
        const response = await fetch(base + url)
        await response.arrayBuffer()
        if (!response.ok && response.status !== 404) throw new Error(`${url}: ${response.status}`)
        times.push(performance.now() - t0)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95), rps: times.length / seconds }
}

/** The same calls on a server of the given database, and its memory after them. */
async function runOn(env: Record<string, string>) {
  const server = startServer(PORT, '.tmp/bench-data', { SEED_MEMBERS: '50', ...env })
  try {
    await waitReady(base)
    const rows = []
    for (const [, url] of CALLS) rows.push(await measure(base, url))
    const rss = Number(execSync(`ps -o rss= -p ${server.pid}`).toString().trim()) / 1024
    return { rows, rss }
  } finally {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
  }
}

// PGlite, then PostgreSQL on the same calls (DATABASE_URL, or a server of its own when installed).
const pglite = await runOn({ DATABASE_URL: '' })
let postgres: Awaited<ReturnType<typeof runOn>> | null = null
let ownPostgres: PostgresServer | null = null
let pgUrl = process.env.DATABASE_URL
if (!pgUrl && missingPrograms().every((m) => !m.startsWith('PostgreSQL'))) {
  ownPostgres = await PostgresServer.create(mkdtempSync(path.join(tmpdir(), 'dating-bench-pg-')))
  pgUrl = ownPostgres.url
}
try {
  if (pgUrl) postgres = await runOn({ DATABASE_URL: pgUrl })
} finally {
  ownPostgres?.kill()
}

console.log(
  `\n${REQUESTS} requests each, ${CONCURRENCY} concurrent, loopback; the same calls on PGlite and PostgreSQL`,
)
console.log(
  'call'.padEnd(34),
  'PGlite p50'.padStart(11),
  'p95'.padStart(7),
  'req/s'.padStart(7),
  '│ PG p50'.padStart(9),
  'p95'.padStart(7),
  'req/s'.padStart(7),
  'PGlite/PG'.padStart(10),
)
CALLS.forEach(([name], i) => {
  const a = pglite.rows[i]
  const b = postgres?.rows[i]
  console.log(
    name.padEnd(34),
    a.p50.toFixed(1).padStart(11),
    a.p95.toFixed(1).padStart(7),
    a.rps.toFixed(0).padStart(7),
    `│ ${b ? b.p50.toFixed(1) : '–'}`.padStart(9),
    (b ? b.p95.toFixed(1) : '–').padStart(7),
    (b ? b.rps.toFixed(0) : '–').padStart(7),
    (b ? `${(a.rps / b.rps).toFixed(2)}x` : '–').padStart(10),
  )
})
console.log(
  `ratio SSR home / settings.php (p50, PGlite): ${(pglite.rows[5].p50 / pglite.rows[0].p50).toFixed(1)}x`,
)
console.log(
  `server resident memory after the run: PGlite ${pglite.rss.toFixed(0)} MiB${postgres ? `, PostgreSQL ${postgres.rss.toFixed(0)} MiB` : ''}`,
)

// Lighthouse on the pages paid traffic lands on, with the budgets of issue 19 (its own server).
const lighthouse = spawnSync('node', ['bench/lighthouse.ts'], { stdio: 'inherit', env: process.env })
if (lighthouse.status !== 0) process.exitCode = 1

// Several nodes (ADR 22): two against one through nginx, idle sockets on one node, and the member
// search at BENCH_MEMBERS (1,000,000) against a bare server's; each fails its goal line loudly. Then
// the face thread's time per photo and memory (ADR 28); and how long hostile input takes to answer.
for (const script of [
  'bench/nodes.ts',
  'bench/sockets.ts',
  'bench/search-ceiling.ts',
  'bench/faces.ts',
  'bench/explicit.ts',
  'bench/voice.ts',
  'bench/calls.ts',
  'bench/safety.ts',
  'bench/fuzz.ts',
]) {
  const result = spawnSync('node', [script], { stdio: 'inherit', env: process.env })
  if (result.status !== 0) process.exitCode = 1
}

// The chat beside its ceiling, on PostgreSQL (DATABASE_URL, else a server of its own; issue 40).
spawnSync('node', ['bench/chat.ts'], { stdio: 'inherit', env: process.env })
// The notification jobs need a scratch PostgreSQL database (they seed 100,000 members).
if (process.env.DATABASE_URL) {
  spawnSync('node', ['bench/notifications.ts'], { stdio: 'inherit', env: process.env })
} else {
  console.log(
    '\nnotification jobs: set DATABASE_URL to a scratch PostgreSQL database (npm run bench:notifications)',
  )
}
