import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema/members.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { patternJpeg } from '../../../tests/support/images.ts'
import { multipartBody } from '../../../tests/support/multipart.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// Issue 55, points 1 and 2 (ADR 13, round 4; ADR 29): the safety rules read the words themselves,
// in every language the site speaks, whatever the sender's interface says, and every kind of
// message that carries words (a text, a gift's message, a photo's caption) goes through them.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Member = Awaited<ReturnType<typeof activeMember>>
const clientId = () => randomBytes(9).toString('base64url')

async function member(name: string, gender = 'male') {
  const m = await activeMember(t.app, { name, gender })
  await t.database.db.update(users).set({ credits: 500, paidUser: true }).where(eq(users.id, m.user.id))
  return m
}

const send = (from: Member, to: object, payload: object, language: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/message.php',
    payload: { ...to, client_id: clientId(), ...payload },
    headers: { cookie: from.cookie, 'accept-language': language },
  })

async function sendPhoto(from: Member, to: object, text: string, seed: number) {
  const { body, contentType } = multipartBody(
    {
      kind: 'photo',
      client_id: clientId(),
      text,
      ...Object.fromEntries(Object.entries(to).map(([k, v]) => [k, String(v)])),
    },
    { field: 'photo', filename: 'p.jpg', contentType: 'image/jpeg', data: await patternJpeg(seed) },
  )
  return t.app.inject({
    method: 'POST',
    url: '/api/message-file.php',
    payload: body,
    headers: { cookie: from.cookie, 'content-type': contentType, 'accept-language': 'en' },
  })
}

describe('the safety rules read the words, not the interface', () => {
  it('asks about an insult of either language whatever the sender’s interface language', async () => {
    const a = await member('Switcher')
    const b = await member('Reader', 'female')
    const opened = await send(a, { profile: b.user.profile.id }, { text: 'Hello!' }, 'en')
    const to = { conversation: opened.json().conversation }
    for (const [text, language] of [
      ['Espèce de salope', 'en'],
      ['go kill yourself', 'fr'],
      ['fuck you', 'fr'],
      ['send nudes', 'fr'],
      ['T’es qu’une bite', 'en'],
    ]) {
      const res = await send(a, to, { text }, language)
      expect(res.statusCode, text).toBe(409)
      expect(res.json().error.code, text).toBe('chat.unkind')
    }
    // A word of two meanings is read in the text's language: a meal in English.
    for (const [text, language] of [
      ['Shall we grab a bite tonight?', 'fr'],
      ['I weighed the pros and cons', 'fr'],
    ])
      expect((await send(a, to, { text }, language)).statusCode, text).toBe(200)
  })

  it('reads a gift’s message and a photo’s caption like a text', async () => {
    const a = await member('Giver')
    const b = await member('Taker', 'female')
    const opened = await send(a, { profile: b.user.profile.id }, { text: 'Hi there' }, 'en')
    const to = { conversation: opened.json().conversation }
    const unkindGift = await send(a, to, { gift: 'rose', text: 'go kill yourself' }, 'en')
    expect(unkindGift.json().error?.code).toBe('chat.unkind')
    const scamGift = await send(
      a,
      to,
      {
        gift: 'rose',
        text: 'WhatsApp me +33 6 12 34 56 78, send 200 euros to FR76 3000 6000 0112 3456 7890 189',
      },
      'en',
    )
    expect(scamGift.statusCode).toBe(200)
    expect(scamGift.json().message.flags).toEqual(['contact', 'money'])
    // A gift without words is a gift.
    expect((await send(a, to, { gift: 'rose', text: '' }, 'en')).json().message.flags).toEqual([])

    const unkindPhoto = await sendPhoto(a, to, 'go kill yourself', 611)
    expect(unkindPhoto.json().error?.code).toBe('chat.unkind')
    const scamPhoto = await sendPhoto(a, to, 'my whatsapp +33 6 12 34 56 78', 612)
    expect(scamPhoto.statusCode).toBe(200)
    expect(scamPhoto.json().message.flags).toContain('contact')
  })
})
