import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { errorsPlugin } from '#server/plugins/errors.ts'
import { loadGate } from './load-gate.ts'

// Past what a node can take, a send is answered 503 at once, in the member's language, with when
// to try again; the ones under way are not slowed, and each place frees when its answer goes (issue 40).
describe('a load gate', () => {
  it('answers the request past its limit 503 at once with Retry-After, in the member’s language, and frees its places', async () => {
    const gate = loadGate(2, 'chat.busy')
    const app = Fastify({ logger: false })
    app.decorateRequest('locale', 'en')
    app.addHook('onRequest', async (request) => {
      request.locale = request.headers['accept-language']?.startsWith('fr') ? 'fr' : 'en'
    })
    await app.register(errorsPlugin)
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    app.post('/api/send', { onRequest: gate.enter }, async () => {
      await held
      return { ok: true }
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : ''
    const send = (language = 'en') =>
      fetch(`${base}/api/send`, { method: 'POST', headers: { 'accept-language': language } })
    const underWay = [send(), send()]
    while (gate.underWay() < 2) await new Promise((r) => setTimeout(r, 5))
    const refused = await send('fr')
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect((await refused.json()).error).toEqual({
      code: 'chat.busy',
      message:
        'Beaucoup de messages partent en ce moment\u202f: le vôtre n’est pas encore envoyé. Il repart dans un instant.',
    })
    release()
    expect((await Promise.all(underWay)).map((r) => r.status)).toEqual([200, 200])
    while (gate.underWay() > 0) await new Promise((r) => setTimeout(r, 5))
    expect((await send()).status).toBe(200)
    await app.close()
  })
})
