import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeMember } from '../../tests/support/accounts.ts'
import { testJpeg } from '../../tests/support/images.ts'
import { multipartBody } from '../../tests/support/multipart.ts'
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts'

// Cross-site requests are refused (issue 13, point 6): a page of another origin, even of the same
// host on another port (same-site), changes nothing for the member whose cookie it rides on.

let t: TestApp
let member: Awaited<ReturnType<typeof activeMember>>
let other: Awaited<ReturnType<typeof activeMember>>
let jpeg: Buffer

beforeAll(async () => {
  t = await createTestApp()
  member = await activeMember(t.app, { name: 'Victim' })
  other = await activeMember(t.app, { name: 'Partner', gender: 'female' })
  jpeg = await testJpeg(120, '#884422')
})
afterAll(() => t.close())

const HOST = 'localhost:3000'

function photoUpload(headers: Record<string, string>) {
  const body = multipartBody(
    { kind: 'photo', profile: String(other.user.profile.id), text: 'hi', client_id: `c-${Math.random()}` },
    { field: 'photo', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
  )
  return {
    payload: body.body,
    headers: { host: HOST, cookie: member.cookie, 'content-type': body.contentType, ...headers },
  }
}

async function photoCount() {
  const res = await t.app.inject({ url: '/api/profile.php', headers: { cookie: member.cookie } })
  return (res.json().profile?.photos ?? res.json().photos ?? []).length as number
}

describe('cross-site requests', () => {
  it('refuses uploads and paid photo messages from another origin of the same host', async () => {
    const before = await photoCount()
    for (const url of ['/api/photos.php', '/api/message-file.php']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        ...photoUpload({ origin: 'http://localhost:4000', cookie: `${member.cookie}; i18n_redirected=fr` }),
      })
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toEqual({
        code: 'csrf.origin',
        message: 'Cette requête ne vient pas de ce site et a été refusée.',
      })
    }
    expect(await photoCount()).toBe(before)
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/photos.php',
      ...photoUpload({ origin: `http://${HOST}` }),
    })
    expect(own.statusCode).toBe(201)
    expect(await photoCount()).toBe(before + 1)
  })

  it('decides by Origin, else by Sec-Fetch-Site; a client that is no browser sends neither', async () => {
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user.php',
        payload: { language: 'en' },
        headers: { host: HOST, cookie: member.cookie, ...headers },
      })
    expect((await send({ origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await send({ origin: 'null' })).statusCode).toBe(403)
    expect((await send({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403)
    expect((await send({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403)
    expect((await send({ origin: `http://${HOST}` })).statusCode).toBe(200)
    expect((await send({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200)
    // Behind a proxy the app may see another host; the site's configured origin is its own.
    expect((await send({ host: '127.0.0.1:3000', origin: 'https://lunadate.com' })).statusCode).toBe(200)
    expect((await send({})).statusCode).toBe(200)
  })

  it("lets the payment provider's webhook through", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      payload: 'id=tr_unknown',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://www.mollie.com' },
    })
    expect(res.statusCode).toBe(200)
  })

  it('logs out by GET /api/logout.php only from this site or outside a browser', async () => {
    const m = await activeMember(t.app, { name: 'Stays' })
    const me = () => t.app.inject({ url: '/api/user.php', headers: { cookie: m.cookie } })
    const logout = (headers: Record<string, string>) =>
      t.app.inject({ url: '/api/logout.php', headers: { host: HOST, cookie: m.cookie, ...headers } })
    expect((await logout({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403)
    expect((await logout({ origin: 'http://localhost:4000' })).statusCode).toBe(403)
    expect((await me()).json().user?.id).toBe(m.user.id)
    expect((await logout({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200)
    expect((await me()).json().user).toBeNull()
  })
})
