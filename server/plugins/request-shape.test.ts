import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts'
import { validHost } from './request-shape.ts'

// What no request may bring to a 500 (issue 36, point 6); the pages themselves are fuzzed in
// tests/faults/pages-fuzz.test.ts, which needs the build.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the shape of a request', () => {
  it('answers a method nothing here takes with 405 and the methods it does', async () => {
    const res = await t.app.inject({ method: 'TRACE', url: '/', headers: { cookie: 'i18n_redirected=fr' } })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toContain('GET')
    expect(res.json().error.message).toBe('Cette adresse ne répond pas à ce type de requête.')
  })

  it('refuses a Host header no browser sends with 400', async () => {
    for (const host of ['localhost:99999', 'localhost:0', '[::1', 'a b', '99999999999999999999']) {
      const res = await t.app.inject({ url: '/api/settings.php', headers: { host } })
      expect(res.statusCode, host).toBe(400)
      expect(res.json().error.code).toBe('request.invalid')
    }
    expect(validHost('lunadate.com')).toBe(true)
    expect(validHost('localhost:3000')).toBe(true)
    expect(validHost('[::1]:3000')).toBe(true)
    expect(validHost('127.0.0.1')).toBe(true)
  })

  it('refuses a page query with text no column holds, before any page reads it', async () => {
    const res = await t.app.inject({
      url: '/admin/members?q=%00',
      headers: { accept: 'text/html', cookie: 'i18n_redirected=en' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('This request is not valid.')
  })
})
