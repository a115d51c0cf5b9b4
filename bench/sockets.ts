// npm run bench:sockets (ADR 22): idle authenticated WebSockets held by one app node, its resident
// memory beside the same node without them, after the heartbeat has gone round (every 30 s).
// This machine lets a process hold 20,000 files at most, sockets included, so the node holds
// SOCKETS (just under it) and the figure for 20,000 is projected from the measured cost of one.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { queryRows } from '../server/db/client.ts'
import { seedDemoMembers } from '../server/db/seed/demo-members.ts'
import { localMediaStore } from '../server/lib/media-store.ts'
import { hashToken } from '../server/lib/tokens.ts'
import { startCluster } from '../tests/support/app-cluster.ts'
import { missingPrograms, sleep } from '../tests/support/cluster.ts'

const SOCKETS = 19_700
const GOAL_SOCKETS = 20_000
const GOAL_MIB = 1536
const CLIENTS = 2

const missing = missingPrograms()
if (missing.length > 0) {
  console.log(`\nidle sockets: skipped (missing: ${missing.join(', ')})`)
  process.exit(0)
}

const rssMiB = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024

const c = await startCluster()
const node = c.nodes[0]
try {
  const dir = mkdtempSync(path.join(tmpdir(), 'dating-sockets-'))
  await seedDemoMembers(c.database.db, { members: SOCKETS, seed: 5, media: localMediaStore(dir) })
  const users = await queryRows<{ id: number }>(
    c.database.db,
    sql`select id from users where demo order by id`,
  )
  const tokens = users.map(() => randomBytes(32).toString('base64url'))
  for (let i = 0; i < users.length; i += 5000) {
    const ids = users.slice(i, i + 5000).map((u) => u.id)
    const hashes = tokens.slice(i, i + 5000).map(hashToken)
    await c.database.db.execute(
      sql`insert into sessions (user_id, token_hash, expires_at) select unnest(${`{${ids.join(',')}}`}::int[]), unnest(${`{${hashes.join(',')}}`}::text[]), now() + interval '30 days'`,
    )
  }
  const pid = node.process?.pid ?? 0
  // The node warmed by a few calls, as it is before its first sockets.
  for (let i = 0; i < 50; i++) await fetch(`${node.base}/api/settings.php`)
  await sleep(2000)
  const before = rssMiB(pid)

  const started = Date.now()
  const share = Math.ceil(tokens.length / CLIENTS)
  const clients = Array.from({ length: CLIENTS }, (_, i) => {
    const file = path.join(dir, `tokens-${i}.json`)
    writeFileSync(file, JSON.stringify(tokens.slice(i * share, (i + 1) * share)))
    const child = spawn(
      process.execPath,
      ['bench/socket-clients.ts', file, `${node.base.replace('http', 'ws')}/api/ws`],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    let closed = 0
    const opened = new Promise<number>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        for (const line of String(chunk).split('\n')) {
          if (line.startsWith('open ')) resolve(Number(line.slice(5)))
          if (line.startsWith('closed ')) closed = Number(line.slice(7))
        }
      })
    })
    return { child, opened, closedCount: () => closed }
  })
  const open = (await Promise.all(clients.map((client) => client.opened))).reduce((a, b) => a + b, 0)
  const connectSeconds = (Date.now() - started) / 1000
  const connected = rssMiB(pid)
  // Two heartbeats: each pings every socket and marks every member present.
  await sleep(65_000)
  const after = rssMiB(pid)
  const held = await node.sockets()
  const closed = clients.reduce((n, client) => n + client.closedCount(), 0)
  for (const client of clients) client.child.kill('SIGKILL')

  const perSocketKiB = ((after - before) * 1024) / open
  const projected = after + ((GOAL_SOCKETS - open) * perSocketKiB) / 1024
  console.log(`\nidle authenticated WebSockets on one node (PostgreSQL, Redis), after two heartbeats`)
  console.log(
    `sockets opened ${open} in ${connectSeconds.toFixed(1)} s; held after 65 s: ${held}; closed meanwhile: ${closed}`,
  )
  console.log(`node RSS without sockets (ceiling of the comparison): ${before.toFixed(0)} MiB`)
  console.log(
    `node RSS with them: ${connected.toFixed(0)} MiB connected, ${after.toFixed(0)} MiB after two heartbeats (${perSocketKiB.toFixed(1)} KiB a socket)`,
  )
  console.log(
    `projected for ${GOAL_SOCKETS}: ${projected.toFixed(0)} MiB (goal ≤ ${GOAL_MIB} MiB: ${projected <= GOAL_MIB ? 'met' : 'NOT MET'})`,
  )
  if (projected > GOAL_MIB || held !== open) process.exitCode = 1
} finally {
  await c.close()
}
