import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../tests/support/test-app.ts'

// A request body that never finishes is answered 408 and its connection closed (issue 36, point 11),
// instead of holding a connection (and a part of the node) for ever. The limit is 30 s by default;
// this node takes 1 s, so that the test waits a moment only.

let t: TestApp
let port = 0
beforeAll(async () => {
  t = await createTestApp({ env: { REQUEST_TIMEOUT_S: '1' } })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as { port: number }).port
})
afterAll(() => t.close())

describe('a request that never finishes', () => {
  it('is answered 408 and closed', async () => {
    const socket = connect(port, '127.0.0.1')
    const answer = new Promise<{ text: string; closed: boolean }>((resolve) => {
      let text = ''
      socket.on('data', (chunk) => {
        text += chunk.toString()
      })
      socket.on('close', () => resolve({ text, closed: true }))
      setTimeout(() => resolve({ text, closed: false }), 15_000)
    })
    socket.write(
      'POST /api/signup.php HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
    )
    const { text, closed } = await answer
    expect(text).toMatch(/^HTTP\/1\.1 408/)
    expect(closed).toBe(true)
  }, 20_000)
})
