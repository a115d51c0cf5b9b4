import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { activeMember } from '../tests/support/accounts.ts'
import { hostileNumber, hostileString } from '../tests/support/fuzz.ts'
import { createTestApp, type TestApp, testEnv } from '../tests/support/test-app.ts'

// Garbage on the member's WebSocket (issue 13, point 2); the API's operations are fuzzed in
// server/fuzz-*.test.ts.

const RUNS = testEnv.FUZZ_RUNS

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('WebSocket fuzz', () => {
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
      let onClose = (_code: number) => {}
      const closed = new Promise<number>((resolve) => {
        onClose = resolve
        socket.once('close', onClose)
      })
      socket.send(frame)
      // A clean close names a reason (1009: too big); an abrupt one (1006) is a crash.
      const code = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 5))])
      // The socket stays open for the next frame: its listener goes, or they pile up frame by frame.
      socket.off('close', onClose)
      if (code !== null) expect([1000, 1003, 1007, 1008, 1009]).toContain(code)
    }
    // Still talking: a ping is answered, and the server serves. The last garbage frame may still
    // be closing its socket (a close on its way past the 5 ms above, on a busy machine): a clean
    // close there is the server's answer to that frame, and a fresh socket is asked instead.
    const pinged = (on: WebSocket) =>
      new Promise<'pong' | number | 'no pong within 5 s'>((resolve) => {
        on.on('message', (raw) => String(raw).includes('pong') && resolve('pong'))
        on.once('close', (code) => resolve(code))
        setTimeout(() => resolve('no pong within 5 s'), 5000).unref()
        on.send(JSON.stringify({ type: 'ping' }))
      })
    if (socket.readyState !== WebSocket.OPEN) socket = await open()
    let answer = await pinged(socket)
    if (typeof answer === 'number') {
      expect([1000, 1003, 1007, 1008, 1009]).toContain(answer)
      socket = await open()
      answer = await pinged(socket)
    }
    expect(answer).toBe('pong')
    socket.close()
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200)
    console.info(`fuzz: ${frames.length} WebSocket frames, ${closes} clean closes`)
  }, 120_000)
})
