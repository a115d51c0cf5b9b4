// npm run bench:chat (DATABASE_URL set to an empty or scratch PostgreSQL database): one app node;
// message send-to-delivery latency p50/p99 at a steady rate, saved-and-debited messages per second
// under a closed loop, and a bare `ws` echo on the same machine as the ceiling. CHAT_BENCH_RATES sets the
// steady rates (500 and 1,500 a second by default); BENCH_SERVER_FLAGS passes flags to the node, e.g. --cpu-prof.
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { Agent, request } from 'undici'
import WebSocket from 'ws'
import { startServer } from './server.ts'

const PORT = 3191
const ECHO_PORT = 3192
const base = `http://127.0.0.1:${PORT}`
const PAIRS = 50
const STEADY_RATES = (process.env.CHAT_BENCH_RATES ?? '500,1500').split(',').map(Number)
const STEADY_SECONDS = 10
const CLOSED_LOOP = 64
const CLOSED_SECONDS = 10

const databaseUrl = process.env.DATABASE_URL
if (!databaseUrl) {
  console.error('Set DATABASE_URL to a scratch PostgreSQL database (its tables are created and filled).')
  process.exit(2)
}
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const server = startServer(PORT, '.tmp/bench-chat', { SEED_MEMBERS: '0', SIGNUP_LIMIT_PER_HOUR: '100000' })
const echo = fork('bench/ws-echo.ts', [String(ECHO_PORT)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
const agent = new Agent({ connections: 128, pipelining: 1 })

async function waitReady() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return
    } catch {
      // not yet
    }
    await sleep(200)
  }
  throw new Error('server did not start')
}

async function signup(i: number, gender: string) {
  const res = await fetch(`${base}/api/signup.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.${i >> 8}.${i & 255}` },
    body: JSON.stringify({
      email: `bench-${Date.now()}-${i}@example.com`,
      name: `Bench${i}`,
      password: 'maple-lantern-52',
      date_of_birth: '1990-01-01',
      gender,
    }),
  })
  if (res.status !== 201) throw new Error(`signup ${res.status}: ${await res.text()}`)
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]
  const { user } = (await res.json()) as { user: { id: number; profile: { id: number } } }
  return { cookie, userId: user.id, profileId: user.profile.id }
}

function openSocket(
  cookie: string,
  onFrame: (frame: { type: string; message?: { client_id: string } }) => void,
) {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/api/ws`, { headers: { cookie, origin: base } })
    ws.on('message', (raw) => onFrame(JSON.parse(String(raw))))
    ws.on('open', () => resolve(ws))
    ws.on('error', reject)
  })
}

async function send(cookie: string, profile: number, clientId: string) {
  const res = await request(`${base}/api/message.php`, {
    method: 'POST',
    dispatcher: agent,
    headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ profile, text: 'Hello, this is a benchmark message.', client_id: clientId }),
  })
  await res.body.dump()
  return res.statusCode
}

try {
  await waitReady()
  await new Promise<void>((resolve) => echo.once('message', () => resolve()))
  const senders: Array<Awaited<ReturnType<typeof signup>>> = []
  const receivers: Array<Awaited<ReturnType<typeof signup>>> = []
  for (let i = 0; i < PAIRS; i++) {
    senders.push(await signup(2 * i, 'male'))
    receivers.push(await signup(2 * i + 1, 'female'))
  }
  // Active, Premium members with plenty of credits (granted through the ledger).
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  const ids = [...senders, ...receivers].map((m) => m.userId)
  await db.query(`update users set status = 'active', paid_user = true where id = any($1)`, [ids])
  await db.query(`update profiles set status = 'active' where user_id = any($1)`, [ids])
  await db.query(
    `with granted as (update users set credits = credits + 10000000 where id = any($1) returning id, credits)
     insert into credit_ledger (user_id, delta, balance_after, reason, reference)
     select id, 10000000, credits, 'bench', md5(random()::text) from granted`,
    [senders.map((s) => s.userId)],
  )
  await db.end()

  const sentAt = new Map<string, number>()
  let latencies: number[] = []
  let recording = false
  for (const r of receivers) {
    await openSocket(r.cookie, (frame) => {
      if (frame.type !== 'message.created' || !frame.message) return
      const t0 = sentAt.get(frame.message.client_id)
      if (t0 === undefined) return
      sentAt.delete(frame.message.client_id)
      if (recording) latencies.push(performance.now() - t0)
    })
  }
  // Warm up: every pair has its conversation, and every pooled connection has prepared and run the
  // send's statements often enough for PostgreSQL to settle on their plans.
  for (let round = 0; round < 20; round++) {
    await Promise.all(
      senders.map((s, i) => send(s.cookie, receivers[i].profileId, randomBytes(9).toString('base64url'))),
    )
  }

  /** Steady load: `rate` messages a second for STEADY_SECONDS, spread over the pairs. */
  async function steady(rate: number) {
    latencies = []
    recording = true
    const interval = 1000 / rate
    const started = performance.now()
    const pending: Promise<number>[] = []
    const answered: number[] = []
    let n = 0
    while (performance.now() - started < STEADY_SECONDS * 1000) {
      const due = Math.floor((performance.now() - started) / interval)
      while (n < due) {
        const pair = n % PAIRS
        const id = randomBytes(9).toString('base64url')
        const t0 = performance.now()
        sentAt.set(id, t0)
        pending.push(
          send(senders[pair].cookie, receivers[pair].profileId, id).then((status) => {
            answered.push(performance.now() - t0)
            return status
          }),
        )
        n++
      }
      await sleep(1)
    }
    const statuses = await Promise.all(pending)
    const seconds = (performance.now() - started) / 1000
    await sleep(500)
    recording = false
    const delivered = latencies.sort((a, b) => a - b)
    answered.sort((a, b) => a - b)
    const saved = statuses.filter((s) => s === 200).length
    return [
      `steady ${rate} msg/s for ${STEADY_SECONDS} s: ${(saved / seconds).toFixed(0)} saved and debited per second, ${delivered.length} delivered, ${statuses.length - saved} failed`,
      `  send-to-delivery p50 ${pct(delivered, 50).toFixed(1)} ms, p99 ${pct(delivered, 99).toFixed(1)} ms; HTTP answer p50 ${pct(answered, 50).toFixed(1)} ms, p99 ${pct(answered, 99).toFixed(1)} ms`,
      pct(delivered, 99),
    ] as const
  }
  const steadyResults = []
  for (const rate of STEADY_RATES) steadyResults.push(await steady(rate))

  // Closed loop: CLOSED_LOOP senders in flight, as fast as the node saves and debits.
  let saved = 0
  const loopStart = performance.now()
  await Promise.all(
    Array.from({ length: CLOSED_LOOP }, async (_, k) => {
      const pair = k % PAIRS
      while (performance.now() - loopStart < CLOSED_SECONDS * 1000) {
        const status = await send(
          senders[pair].cookie,
          receivers[pair].profileId,
          randomBytes(9).toString('base64url'),
        )
        if (status === 200) saved++
      }
    }),
  )
  const perSecond = saved / ((performance.now() - loopStart) / 1000)

  // The ceiling: a bare ws echo, same rate, then a closed loop.
  const echoSocket = await new Promise<WebSocket>((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${ECHO_PORT}`)
    ws.on('open', () => resolve(ws))
  })
  const echoTimes: number[] = []
  const echoSent = new Map<string, number>()
  echoSocket.on('message', (raw) => {
    const t0 = echoSent.get(String(raw))
    if (t0 !== undefined) {
      echoTimes.push(performance.now() - t0)
      echoSent.delete(String(raw))
    }
  })
  const echoRate = Math.max(...STEADY_RATES)
  const interval = 1000 / echoRate
  const echoStart = performance.now()
  let e = 0
  while (performance.now() - echoStart < STEADY_SECONDS * 1000) {
    const due = Math.floor((performance.now() - echoStart) / interval)
    while (e < due) {
      const id = `m${e++}`
      echoSent.set(id, performance.now())
      echoSocket.send(id)
    }
    await sleep(1)
  }
  await sleep(200)
  echoTimes.sort((a, b) => a - b)
  let echoed = 0
  const echoLoopStart = performance.now()
  await new Promise<void>((resolve) => {
    let inFlight = 0
    const pump = () => {
      while (inFlight < CLOSED_LOOP && performance.now() - echoLoopStart < CLOSED_SECONDS * 1000) {
        inFlight++
        echoSocket.send('x')
      }
      if (inFlight === 0) resolve()
    }
    echoSocket.removeAllListeners('message')
    echoSocket.on('message', () => {
      inFlight--
      echoed++
      pump()
    })
    pump()
  })
  const echoPerSecond = echoed / ((performance.now() - echoLoopStart) / 1000)
  echoSocket.close()

  console.log(`\nchat on one node, PostgreSQL, ${PAIRS} sender/receiver pairs, loopback`)
  for (const [line, detail] of steadyResults) console.log(`${line}\n${detail}`)
  console.log(
    `closed loop, ${CLOSED_LOOP} in flight: ${perSecond.toFixed(0)} messages saved and debited per second`,
  )
  console.log(
    `bare ws echo, same machine: p50 ${pct(echoTimes, 50).toFixed(2)} ms, p99 ${pct(echoTimes, 99).toFixed(2)} ms at ${echoRate}/s; ${echoPerSecond.toFixed(0)} round trips per second closed loop`,
  )
  console.log(
    `ratios: chat p99 at ${echoRate}/s / echo p99 ${(steadyResults[STEADY_RATES.indexOf(echoRate)][2] / Math.max(0.01, pct(echoTimes, 99))).toFixed(1)}x; chat msg/s / echo msg/s ${(perSecond / echoPerSecond).toFixed(3)}`,
  )
} finally {
  server.kill('SIGTERM')
  echo.kill('SIGTERM')
  await agent.close()
}
