import { performance } from 'node:perf_hooks'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { activeMember } from '../tests/support/accounts.ts'
import {
  bodyFor,
  hostileNumber,
  hostileString,
  type Operation,
  operationsOf,
  pathValue,
  queryFor,
} from '../tests/support/fuzz.ts'
import { createTestApp, type TestApp, testEnv } from '../tests/support/test-app.ts'

// Every operation of the OpenAPI document, fuzzed as a visitor and as a member with valid-shaped
// and hostile bodies, queries and path values (issue 13, point 2). Any 5xx, any /api/ answer that is
// not JSON, or any answer slower than 2 s fails. FUZZ_RUNS sets the cases per operation (200 in CI).

const RUNS = testEnv.FUZZ_RUNS
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'])
const SLOW_MS = 2000

let t: TestApp
let operations: Operation[]
let address = 0

beforeAll(async () => {
  t = await createTestApp()
  operations = operationsOf((await t.app.inject({ url: '/api/docs/json' })).json()).filter((op) =>
    METHODS.has(op.method),
  )
})
afterAll(() => t.close())

/** A remote address of its own per request, so that per-address limits answer 429 only where meant. */
const nextAddress = () => {
  address++
  return `10.${200 + ((address >> 16) & 31)}.${(address >> 8) & 255}.${address & 255}`
}

function caseFor(op: Operation) {
  return fc.record({
    asMember: fc.boolean(),
    query: queryFor(op.query),
    params: fc.tuple(...op.pathParams.map(() => pathValue)),
    body: bodyFor(op.body),
  })
}

function urlOf(op: Operation, params: string[], query: string) {
  let i = 0
  return op.path.replace(/\{[^}]+\}/g, () => params[i++] ?? 'x') + query
}

describe('API fuzz', () => {
  it(`answers every operation without a 5xx, in JSON, within 2 s (${RUNS} cases each)`, async () => {
    let cases = 0
    for (const op of operations) {
      // A member of their own per operation: one that a case deleted or logged out harms no other.
      const member = await activeMember(t.app, { name: 'Fuzzy' })
      await fc.assert(
        fc.asyncProperty(caseFor(op), async (c) => {
          cases++
          const url = urlOf(op, c.params, c.query)
          const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(op.method)
          const started = performance.now()
          const res = await t.app.inject({
            method: op.method as 'GET',
            url,
            headers: {
              ...(c.asMember ? { cookie: member.cookie } : {}),
              ...(hasBody ? { 'content-type': c.body.contentType } : {}),
            },
            ...(hasBody ? { payload: c.body.payload } : {}),
            remoteAddress: nextAddress(),
          })
          const ms = performance.now() - started
          const where = `${op.method} ${url.slice(0, 300)} (${c.body.contentType}: ${c.body.payload.slice(0, 200)})`
          if (res.statusCode >= 500)
            throw new Error(`${res.statusCode} for ${where}: ${res.body.slice(0, 300)}`)
          if (ms > SLOW_MS) throw new Error(`${Math.round(ms)} ms for ${where}`)
          const redirect = res.statusCode >= 300 && res.statusCode < 400
          if (op.path.startsWith('/api/') && op.method !== 'HEAD' && !redirect) {
            const type = String(res.headers['content-type'] ?? '')
            if (!type.startsWith('application/json')) throw new Error(`${type} for ${where}`)
            JSON.parse(res.body)
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      )
    }
    console.info(`fuzz: ${operations.length} operations, ${cases} cases, no 5xx`)
    expect(operations.length).toBeGreaterThan(50)
    expect(cases).toBeGreaterThanOrEqual(operations.length * RUNS)
  }, 600_000)

  it('keeps the WebSocket and the server up through garbage frames', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const port = (t.app.server.address() as { port: number }).port
    const member = await activeMember(t.app, { name: 'Socket' })
    const open = () =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
          headers: { cookie: member.cookie, origin: `http://127.0.0.1:${port}` },
        })
        socket.once('open', () => resolve(socket))
        socket.once('error', reject)
        setTimeout(() => reject(new Error('the WebSocket did not open within 5 s')), 5000).unref()
      })
    const frames = fc.sample(
      fc.oneof(
        hostileString,
        fc.jsonValue().map((v) => JSON.stringify(v)),
        fc
          .record({
            type: fc.constantFrom('typing', 'ping', 'x'),
            conversation: fc.oneof(hostileNumber, hostileString),
          })
          .map((v) => JSON.stringify(v)),
        fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
        fc.constant('x'.repeat(10_000)),
      ),
      { numRuns: RUNS * 2 },
    )
    let socket = await open()
    let closes = 0
    for (const frame of frames) {
      if (socket.readyState !== WebSocket.OPEN) {
        closes++
        socket = await open()
      }
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
      socket.send(frame)
      // A clean close names a reason (1009: too big); an abrupt one (1006) is a crash.
      const code = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 5))])
      if (code !== null) expect([1000, 1003, 1007, 1008, 1009]).toContain(code)
    }
    // Still talking: a ping is answered, and the server serves.
    if (socket.readyState !== WebSocket.OPEN) socket = await open()
    const pong = new Promise((resolve) =>
      socket.on('message', (raw) => String(raw).includes('pong') && resolve(true)),
    )
    socket.send(JSON.stringify({ type: 'ping' }))
    const late = new Promise((resolve) => setTimeout(() => resolve('no pong within 5 s'), 5000).unref())
    await expect(Promise.race([pong, late])).resolves.toBe(true)
    socket.close()
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200)
    console.info(`fuzz: ${frames.length} WebSocket frames, ${closes} clean closes`)
  }, 120_000)
})
