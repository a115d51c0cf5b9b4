import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../tests/support/test-app.ts'

const logs: string[] = []
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logs.push(chunk.toString())
    done()
  },
})
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ logStream })
})
afterAll(() => t.close())

describe('server', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' })
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' })
  })

  it('answers unknown /api/ paths with a JSON 404 in the visitor’s language', async () => {
    const res = await t.app.inject({
      url: '/api/nothing-here.php',
      headers: { cookie: 'i18n_redirected=fr' },
    })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.json()).toEqual({ error: { code: 'api.not_found', message: 'Cette adresse n’existe pas.' } })
  })

  it('sets security headers: a JSON answer what an API answer needs, anything else a document’s', async () => {
    const api = await t.app.inject({ url: '/api/companyinfo.php' })
    expect(api.headers['x-content-type-options']).toBe('nosniff')
    expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'")
    expect(api.headers['x-frame-options']).toBe('DENY')
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin')
    expect(api.headers['permissions-policy']).toBeUndefined()
    const page = await t.app.inject({ url: '/nothing-here', headers: { accept: 'text/html' } })
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(page.headers['x-frame-options']).toBe('DENY')
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(page.headers['permissions-policy']).toBe(
      'camera=(self), microphone=(), payment=(), geolocation=(self)',
    )
    // The microphone on a conversation's pages and the profile's only (voice notes and prompt, issue 58).
    for (const url of ['/chats/12', '/chats/12?x=1', '/members/7/chat', '/profile'])
      expect((await t.app.inject({ url })).headers['permissions-policy']).toBe(
        'camera=(self), microphone=(self), payment=(), geolocation=(self)',
      )
    for (const url of ['/chats', '/members/7', '/chats/12/../../settings', '/members/7/chatter', '/profiles'])
      expect((await t.app.inject({ url })).headers['permissions-policy']).toContain('microphone=()')
    const file = await t.app.inject({ url: '/media/nothing.webp' })
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect(file.headers['x-frame-options']).toBeUndefined()
  })

  it('refuses bodies over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/nothing.php',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ big: 'x'.repeat(1_100_000) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().error.code).toBe('request.too_large')
  })

  it('never logs cookies, authorization headers or tokens in URLs', async () => {
    logs.length = 0
    await t.app.inject({
      url: '/api/settings.php?token=s3cr3t-token&network=adnet',
      headers: { cookie: 'auth.session=very-secret-cookie', authorization: 'Bearer top-secret' },
    })
    await t.app.inject({ url: '/api/nothing.php?password=hunter2' })
    const text = logs.join('')
    expect(text).toContain('/api/settings.php')
    expect(text).toContain('adnet')
    for (const secret of ['s3cr3t-token', 'very-secret-cookie', 'top-secret', 'hunter2'])
      expect(text).not.toContain(secret)
  })

  it('publishes the OpenAPI document of its routes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json()
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/settings.php',
        '/api/companyinfo.php',
        '/api/interests.php',
        '/api/regions.php',
      ]),
    )
  })
})
