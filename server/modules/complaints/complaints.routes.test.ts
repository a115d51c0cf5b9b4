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
  it("stores a visitor's complaint for moderation and mails nobody", async () => {
    const res = await file({
      name: 'Inès',
      email: 'ines@example.com',
      reason: 'billing',
      message: 'I was charged twice for one bundle.',
    })
    expect(res.statusCode).toBe(201)
    const { id, receipt } = res.json()
    expect(receipt).toBeNull()
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, id))
    expect(row).toMatchObject({
      reason: 'billing',
      status: 'open',
      email: 'ines@example.com',
      message: 'I was charged twice for one bundle.',
      userId: null,
      reportedProfileId: null,
    })
    // An anonymous form is no way to send our mail, with someone's text in it, to any address.
    expect(await lastMailTo(t.database.db, 'ines@example.com')).toBeNull()
  })

  it("reports a profile; the member's receipt goes to their own address, in their language, quoting nothing", async () => {
    const m = await signupMember(t.app)
    const { profile } = await buildMember(t.database.db, { name: 'Suspect' })
    const res = await file(
      {
        name: 'Julien',
        email: 'someone-else@example.com',
        reason: 'fake_profile',
        message: 'The photos are of a celebrity. Visit http://spam.example now!',
        profile: profile.id,
      },
      { cookie: `${m.cookie}; i18n_redirected=fr` },
    )
    expect(res.statusCode).toBe(201)
    expect(res.json().receipt).toBe(m.email)
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, res.json().id))
    expect(row).toMatchObject({ userId: m.user.id, reportedProfileId: profile.id, email: m.email })
    expect(await lastMailTo(t.database.db, 'someone-else@example.com')).toBeNull()
    const mail = await lastMailTo(t.database.db, m.email)
    expect(mail?.subject).toContain('Nous avons reçu votre message')
    expect(mail?.text).toContain('Il concerne le profil de Suspect.')
    expect(mail?.text).not.toContain('celebrity')
    expect(mail?.html).not.toContain('spam.example')
  })

  it('never names a profile the sender cannot see, and answers alike for unknown profiles', async () => {
    const m = await signupMember(t.app)
    const { profile: hidden } = await buildMember(t.database.db, {
      name: 'Unconfirmed',
      profileStatus: 'disabled',
    })
    const about = (profile: number) =>
      file(
        {
          name: 'Julien',
          email: m.email,
          reason: 'fake_profile',
          message: 'Please look at this one.',
          profile,
        },
        { cookie: m.cookie },
      )
    const known = await about(hidden.id)
    expect(known.statusCode).toBe(201)
    const mail = await lastMailTo(t.database.db, m.email)
    expect(mail?.text).not.toContain('Unconfirmed')
    const unknown = await about(999_999)
    expect(unknown.statusCode).toBe(201)
    expect(Object.keys(unknown.json())).toEqual(Object.keys(known.json()))
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, unknown.json().id))
    expect(row.reportedProfileId).toBeNull()
  })

  it('refuses incomplete complaints with clear messages', async () => {
    const res = await file({ name: 'X', email: 'nope', message: 'short' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toMatchObject({
      name: 'Your name needs at least 2 characters.',
      email: 'Invalid email',
      reason: 'Please choose what it is about.',
      message: 'Please tell us a little more (at least 10 characters).',
    })
  })
})
