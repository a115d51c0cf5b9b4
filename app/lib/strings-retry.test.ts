import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { fetchStrings, stringsRetryDelay } from '../i18n.ts'

// A real server that fails twice before it answers: the bundle is logged, tried again and loaded.
let served = 0
const server = createServer((_request, response) => {
  served++
  if (served <= 2) {
    response.writeHead(503).end()
    return
  }
  response
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ retryProbe: { ok: 'yes' } }))
})
let base = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

describe('a language file that fails to load', () => {
  // spec: ERR-17
  it('is logged and tried again until it comes', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await fetchStrings('fr', `${base}/fr.json`, () => 5)
    expect(served).toBe(3)
    expect(warn).toHaveBeenCalledTimes(2)
    expect(String(warn.mock.calls[0][0])).toMatch(/The fr strings did not load .*503.*trying again/)
    warn.mockRestore()
  })

  it('waits longer and longer between tries, at most 30 s', () => {
    expect([0, 1, 2, 3, 10].map(stringsRetryDelay)).toEqual([500, 1000, 2000, 4000, 30_000])
  })
})
