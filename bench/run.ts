// npm run bench: latency and throughput of the public calls and pages on loopback, and memory.
// Starts the production server on its own port and data directory (PGlite, or DATABASE_URL).
import { performance } from 'node:perf_hooks'
import { startServer, waitReady } from './server.ts'

const PORT = 3190
const base = `http://127.0.0.1:${PORT}`
const REQUESTS = 400
const CONCURRENCY = 8

const server = startServer(PORT, '.tmp/bench-data', { SEED_MEMBERS: '50' })

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

async function measure(name: string, url: string) {
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
  return { name, p50: percentile(times, 50), p95: percentile(times, 95), rps: times.length / seconds }
}

try {
  await waitReady(base)
  const rows = [
    await measure('GET /api/settings.php', '/api/settings.php'),
    await measure('GET /api/regions.php?country=FR', '/api/regions.php?country=FR'),
    await measure('GET /api/interests.php', '/api/interests.php'),
    await measure('GET / (SSR)', '/'),
    await measure('GET /pages/terms (SSR)', '/pages/terms'),
    await measure('GET /nope (SSR 404)', '/nope'),
  ]
  console.log(
    `\n${REQUESTS} requests each, ${CONCURRENCY} concurrent, loopback, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  )
  console.log('call'.padEnd(34), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'req/s'.padStart(8))
  for (const r of rows) {
    console.log(
      r.name.padEnd(34),
      r.p50.toFixed(1).padStart(8),
      r.p95.toFixed(1).padStart(8),
      r.rps.toFixed(0).padStart(8),
    )
  }
  const ssr = rows[3].p50 / rows[0].p50
  console.log(`ratio SSR home / settings.php (p50): ${ssr.toFixed(1)}x`)
  const rss = Number(
    (await import('node:child_process')).execSync(`ps -o rss= -p ${server.pid}`).toString().trim(),
  )
  console.log(`server resident memory after the run: ${(rss / 1024).toFixed(0)} MiB`)
} finally {
  server.kill('SIGTERM')
}

// Lighthouse on the pages paid traffic lands on, with the budgets of issue 19 (its own server).
{
  const { spawnSync } = await import('node:child_process')
  const lighthouse = spawnSync('node', ['bench/lighthouse.ts'], { stdio: 'inherit', env: process.env })
  if (lighthouse.status !== 0) process.exitCode = 1
}

// The chat and notification benchmarks need PostgreSQL (as in production; the second seeds 100,000 members).
if (process.env.DATABASE_URL) {
  const { spawnSync } = await import('node:child_process')
  spawnSync('node', ['bench/chat.ts'], { stdio: 'inherit', env: process.env })
  spawnSync('node', ['bench/notifications.ts'], { stdio: 'inherit', env: process.env })
} else {
  console.log(
    '\nchat, notification jobs: set DATABASE_URL to a scratch PostgreSQL database ' +
      '(npm run bench:chat, npm run bench:notifications)',
  )
}
