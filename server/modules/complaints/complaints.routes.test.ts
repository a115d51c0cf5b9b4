import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { complaints } from '#server/db/schema/complaints.ts'
import { signupMember } from '../../../tests/support/accounts.ts'
import { buildMember } from '../../../tests/support/factories.ts'
import { lastMailTo } from '../../../tests/support/mail.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
let ip = 0

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const file = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/complaints.php',
    payload,
    headers,
    remoteAddress: `127.8.0.${++ip}`,
  })

describe('POST /api/complaints.php', () => {
  it('stores a complaint for moderation and mails the sender a receipt with its number', async () => {
    const res = await file({
      name: 'Inès',
      email: 'ines@example.com',
      reason: 'billing',
      message: 'I was charged twice for one bundle.',
    })
    expect(res.statusCode).toBe(201)
    const { id } = res.json()
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, id))
    expect(row).toMatchObject({
      reason: 'billing',
      status: 'open',
      email: 'ines@example.com',
      userId: null,
      reportedProfileId: null,
    })
    const mail = await lastMailTo(t.database.db, 'ines@example.com')
    expect(mail?.subject).toBe(`We received your message (no. ${id}) — LunaDate`)
    expect(mail?.text).toContain('I was charged twice for one bundle.')
  })

  it('reports a profile, linked to the member who reports it, in their language', async () => {
    const m = await signupMember(t.app)
    const { profile } = await buildMember(t.database.db, { name: 'Suspect' })
    const res = await file(
      {
        name: 'Julien',
        email: m.email,
        reason: 'fake_profile',
        message: 'The photos are of a celebrity.',
        profile: profile.id,
      },
      { cookie: `${m.cookie}; i18n_redirected=fr` },
    )
    expect(res.statusCode).toBe(201)
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, res.json().id))
    expect(row).toMatchObject({ userId: m.user.id, reportedProfileId: profile.id })
    const mail = await lastMailTo(t.database.db, m.email)
    expect(mail?.subject).toContain('Nous avons reçu votre message')
    expect(mail?.text).toContain('Il concerne le profil de Suspect.')
  })

  it('refuses incomplete complaints with clear messages, and an unknown profile', async () => {
    const res = await file({ name: 'X', email: 'nope', message: 'short' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toMatchObject({
      name: 'Your name needs at least 2 characters.',
      email: 'Invalid email',
      reason: 'Please choose what it is about.',
      message: 'Please tell us a little more (at least 10 characters).',
    })
    const unknown = await file({
      name: 'Anna',
      email: 'a@example.com',
      reason: 'other',
      message: 'About someone unknown.',
      profile: 999_999,
    })
    expect(unknown.statusCode).toBe(404)
  })
})
