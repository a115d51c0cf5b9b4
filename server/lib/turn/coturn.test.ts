import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { turnSession } from '../../../tests/support/turn-client.ts'
import { type RunningCoturn, startCoturn } from './coturn.ts'
import { turnCredential } from './credentials.ts'

// The relay as .ci/run installs it (Debian's coturn), started with the configuration production uses,
// on one machine: it may relay to its own address and to no other private one (issue 59, point 5).
const HOST = '127.0.0.2'
let coturn: RunningCoturn

beforeAll(async () => {
  coturn = await startCoturn({ host: HOST, port: 34_780 + (process.pid % 200), selfOnly: true })
})
afterAll(async () => {
  await coturn?.stop()
})

const port = () => Number(/:(\d+)\?/.exec(coturn.relay.urls[0])?.[1])

describe('the relay (coturn)', () => {
  it('allocates for a valid credential and relays to its own address', async () => {
    const session = await turnSession(HOST, port(), turnCredential(coturn.relay.secret, 7, new Date()))
    try {
      expect(session.allocation.ok).toBe(true)
      expect((await session.permit(HOST)).ok).toBe(true)
    } finally {
      session.close()
    }
  })

  it('refuses to relay to the loopback and to private networks', async () => {
    const session = await turnSession(HOST, port(), turnCredential(coturn.relay.secret, 7, new Date()))
    try {
      expect(session.allocation.ok).toBe(true)
      for (const peer of [
        '127.0.0.1',
        '10.0.0.1',
        '192.168.1.10',
        '172.16.5.4',
        '169.254.1.1',
        '100.64.0.1',
      ]) {
        const answer = await session.permit(peer)
        expect({ peer, ok: answer.ok, code: answer.code }).toEqual({ peer, ok: false, code: 403 })
      }
    } finally {
      session.close()
    }
  })

  it('refuses an expired credential and one signed with another secret', async () => {
    const expired = turnCredential(coturn.relay.secret, 7, new Date(Date.now() - 3_600_000), 600)
    const old = await turnSession(HOST, port(), expired)
    const forged = await turnSession(HOST, port(), turnCredential('not-the-secret', 7, new Date()))
    try {
      expect(old.allocation).toMatchObject({ ok: false, code: 401 })
      expect(forged.allocation).toMatchObject({ ok: false, code: 401 })
    } finally {
      old.close()
      forged.close()
    }
  })
})
