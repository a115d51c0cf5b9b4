import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'

// A real node process (tests/support/api-node.ts, the signals of server/main.ts) on PGlite.
let PORT = 0
let base = ''
let node: ChildProcess
let dataDir: string
let exited: Promise<number | null>

/** A port no one listens on now, as the system hands it out (a fixed one may be taken on this machine). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

beforeAll(async () => {
  PORT = await freePort()
  base = `http://127.0.0.1:${PORT}`
  dataDir = mkdtempSync(path.join(tmpdir(), 'dating-shutdown-'))
  node = spawn(process.execPath, ['tests/support/api-node.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PAYMENTS: 'sandbox',
      MAIL: 'outbox',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      SIGNUP_LIMIT_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  exited = new Promise((resolve) => node.once('exit', (code) => resolve(code)))
  let gone = false
  void exited.then(() => {
    gone = true
  })
  // Up to 55 s: the node migrates a new PGlite database first, slowly on a busy machine.
  for (let i = 0; i < 275 && !gone; i++) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(gone ? 'the node exited before it was ready' : 'the node did not start')
}, 90_000)
afterAll(() => {
  node.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

/** Keep-alive connections, as a proxy keeps to its nodes: opened before the test sends on them. */
const agent = new Agent({ keepAlive: true, maxSockets: 20 })

function call(
  method: string,
  url: string,
  body?: object,
): Promise<{ status: number; body: string; cookie: string }> {
  return new Promise((resolve) => {
    const payload = body ? JSON.stringify(body) : undefined
    const req = request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          origin: base,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          text += chunk
        })
        const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ')
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, cookie }))
        res.on('error', (error) => resolve({ status: 0, body: String(error), cookie: '' }))
      },
    )
    req.on('error', (error) => resolve({ status: 0, body: String(error), cookie: '' }))
    req.end(payload)
  })
}

const signup = (i: number) =>
  call('POST', '/api/signup.php', {
    email: `shutdown-${i}-${Date.now()}@example.com`,
    name: `Node${i}`,
    password: 'maple-lantern-52',
    date_of_birth: '1990-01-01',
    gender: 'female',
    sexuality: 'straight',
  })

describe('SIGTERM', () => {
  it('answers every request already received, closes sockets so that clients reconnect, refuses new ones and exits', async () => {
    // A member's socket, open.
    const member = await signup(99)
    expect(member.status).toBe(201)
    const socket = new WebSocket(`ws://127.0.0.1:${PORT}/api/ws`, {
      headers: { origin: base, cookie: member.cookie },
    })
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    // Twenty connections open (a proxy's), then a sign-up on each: each hashes a password, and
    // most are still running when the signal comes.
    await Promise.all(Array.from({ length: 20 }, () => call('GET', '/healthz')))
    const pending = Array.from({ length: 20 }, (_, i) => signup(i))
    await new Promise((r) => setTimeout(r, 30))
    node.kill('SIGTERM')
    const answers = await Promise.all(pending)
    expect(answers.filter((a) => a.status !== 201).map((a) => a.body)).toEqual([])
    // 1012, service restart: the page reconnects, through the proxy to another node.
    expect(await closed).toBe(1012)
    expect(await exited).toBe(0)
    // Nothing listens any more: a new connection is refused.
    const again = await new Promise<string>((resolve) => {
      const req = request(`${base}/healthz`, { agent: false, timeout: 2000 }, () => resolve('answered'))
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
      req.on('timeout', () => req.destroy(new Error('timeout')))
      req.end()
    })
    expect(again).toBe('ECONNREFUSED')
  }, 60_000)
})
