import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeMember } from '../tests/support/accounts.ts'
import { testJpeg } from '../tests/support/images.ts'
import { multipartBody } from '../tests/support/multipart.ts'
import { createTestApp, type TestApp } from '../tests/support/test-app.ts'

// Bad input is answered 400 with the usual error in the member's language, and nothing is written
// (issue 13, point 1): NUL and lone surrogates in text, numbers no integer column holds, and
// multipart bodies that are not what they say.

let t: TestApp
let member: Awaited<ReturnType<typeof activeMember>>
let other: Awaited<ReturnType<typeof activeMember>>
let jpeg: Buffer

beforeAll(async () => {
  t = await createTestApp()
  member = await activeMember(t.app, { name: 'Hostile' })
  other = await activeMember(t.app, { name: 'Target', gender: 'female' })
  jpeg = await testJpeg(200, '#336699')
})
afterAll(() => t.close())

const NUL = 'a\u0000b'
const LONE = 'x\uD800y'

/** How many rows the tables that these calls could write hold. */
async function written() {
  const tables = ['users', 'profiles', 'messages', 'payments', 'complaints', 'photos', 'mail_outbox']
  const counts: Record<string, number> = {}
  for (const table of tables) {
    const res = await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))
    counts[table] = Number((res as unknown as { rows: Array<{ n: number }> }).rows[0].n)
  }
  return counts
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: string
  payload?: object | string | Buffer
  headers?: Record<string, string>
}

async function expectRefused(request: Call, locale: 'en' | 'fr' = 'en') {
  const before = await written()
  const res = await t.app.inject({
    ...request,
    headers: { ...(request.headers ?? {}), cookie: `${member.cookie}; i18n_redirected=${locale}` },
  })
  expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(400)
  const { error } = res.json()
  expect(error.code).toMatch(/^[a-z_]+\.[a-z_]+$/)
  expect(error.message.length).toBeGreaterThan(5)
  expect(await written()).toEqual(before)
  return error as { code: string; message: string; fields?: Record<string, string> }
}

describe('hostile input', () => {
  it('refuses NUL and lone surrogates in every text field, in the member language', async () => {
    const calls = [
      {
        method: 'POST',
        url: '/api/signup.php',
        payload: {
          email: 'nul@example.com',
          name: NUL,
          password: 'amber-lantern-77',
          date_of_birth: '1990-01-01',
          gender: 'male',
        },
      },
      { method: 'POST', url: '/api/user.php', payload: { email: `x${NUL}@example.com`, password: 'p' } },
      { method: 'PUT', url: '/api/profile.php', payload: { about: NUL } },
      { method: 'PUT', url: '/api/profile.php', payload: { city: LONE } },
      {
        method: 'POST',
        url: '/api/message.php',
        payload: { profile: other.user.profile.id, text: NUL, client_id: 'c-nul-1' },
      },
      { method: 'POST', url: '/api/payment.php', payload: { package: 1, method: 'ideal', code: NUL } },
      { method: 'GET', url: `/api/discountcode.php?code=${encodeURIComponent(NUL)}` },
      {
        method: 'POST',
        url: '/api/payment-webhook.php',
        payload: `id=${encodeURIComponent(NUL)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      {
        method: 'POST',
        url: '/api/complaints.php',
        payload: { name: 'Some One', email: 'a@example.com', reason: 'fake', message: `${NUL} long enough` },
      },
      { method: 'POST', url: '/api/message.php', payload: { [NUL]: 1 } },
    ] as const
    for (const call of calls) {
      const error = await expectRefused(call as Call)
      expect(error.code, call.url).toBe('validation.failed')
    }
    const fr = await expectRefused(calls[0] as Call, 'fr')
    expect(fr.fields?.name).toBe('Ce texte contient des caractères que nous ne pouvons pas enregistrer.')
  })

  it('refuses numbers that no integer column holds', async () => {
    const big = 2_147_483_648
    const calls = [
      { method: 'PUT', url: '/api/photos.php', payload: { photo: big } },
      { method: 'DELETE', url: '/api/photos.php', payload: { photo: big } },
      { method: 'PUT', url: '/api/profile.php', payload: { region_id: big } },
      { method: 'PUT', url: '/api/profile.php', payload: { interests: [big] } },
      { method: 'GET', url: `/api/members.php?countryregion=${big}` },
      { method: 'GET', url: '/api/member.php?id=99999999999999999999' },
      { method: 'POST', url: '/api/like.php', payload: { profile: -big - 1 } },
      {
        method: 'POST',
        url: '/api/message.php',
        payload: '{"profile": 1e309, "text": "hi", "client_id": "c-big-1"}',
        headers: { 'content-type': 'application/json' },
      },
    ] as const
    for (const call of calls) await expectRefused(call as Call)
    const error = await expectRefused(calls[2] as Call, 'fr')
    expect(error.fields?.region_id).toBe('Ce nombre est hors limites.')
  })

  it('refuses multipart bodies without a boundary, cut short or made of garbage', async () => {
    const good = multipartBody(
      { kind: 'photo', profile: String(other.user.profile.id), text: 'hello', client_id: 'c-mp-1' },
      { field: 'photo', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
    )
    for (const url of ['/api/photos.php', '/api/message-file.php']) {
      await expectRefused({
        method: 'POST',
        url,
        payload: good.body,
        headers: { 'content-type': 'multipart/form-data' },
      })
      await expectRefused({
        method: 'POST',
        url,
        payload: good.body.subarray(0, Math.floor(good.body.length / 2)),
        headers: { 'content-type': good.contentType },
      })
      await expectRefused({
        method: 'POST',
        url,
        payload: Buffer.from('garbage \u0000\u00ff not a form at all'),
        headers: { 'content-type': good.contentType },
      })
    }
    const nulText = multipartBody(
      { kind: 'photo', profile: String(other.user.profile.id), text: NUL, client_id: 'c-mp-2' },
      { field: 'photo', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
    )
    const error = await expectRefused({
      method: 'POST',
      url: '/api/message-file.php',
      payload: nulText.body,
      headers: { 'content-type': nulText.contentType },
    })
    expect(error.fields?.text).toBe('This text contains characters we cannot store.')
  })
})
