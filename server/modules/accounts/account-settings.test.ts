import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { users } from '#server/db/schema/members.ts'
import { signupMember } from '../../../tests/support/accounts.ts'
import { lastMailTo, linkIn } from '../../../tests/support/mail.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
let ip = 0
const addr = () => `127.6.${Math.floor(++ip / 250)}.${ip % 250}`

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie?: string) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { host: 'localhost:3000', ...(cookie ? { cookie } : {}) },
    remoteAddress: addr(),
  })
const login = (email: string, password: string) => call('POST', '/api/user.php', { email, password })

async function resetLink(email: string) {
  const mail = await lastMailTo(t.database.db, email)
  return new URL(linkIn(mail?.text ?? '', '/reset-password/do')).searchParams.get('token') ?? ''
}

describe('password reset', () => {
  it('mails a single-use link; the new password works, the old one and every session end', async () => {
    const m = await signupMember(t.app)
    expect((await call('POST', '/api/password-reset.php', { email: m.email })).json()).toEqual({ ok: true })
    await t.app.services.passwords.idle()
    expect((await lastMailTo(t.database.db, m.email))?.subject).toBe('Choose a new password for LunaDate')
    const token = await resetLink(m.email)
    const done = await call('PUT', '/api/password-reset.php', {
      token,
      password: 'cobalt-river-93',
      password_repeat: 'cobalt-river-93',
    })
    expect(done.json()).toEqual({ ok: true })
    expect((await call('GET', '/api/user.php', undefined, m.cookie)).json().user).toBeNull()
    expect((await login(m.email, m.password)).statusCode).toBe(401)
    expect((await login(m.email, 'cobalt-river-93')).statusCode).toBe(200)
    const again = await call('PUT', '/api/password-reset.php', {
      token,
      password: 'other-river-93',
      password_repeat: 'other-river-93',
    })
    expect(again.statusCode).toBe(400)
    expect(again.json().error.message).toBe('Link expired or invalid, request a new email.')
  })

  // spec: ERR-4
  it('refuses an expired link', async () => {
    const m = await signupMember(t.app)
    await call('POST', '/api/password-reset.php', { email: m.email })
    await t.app.services.passwords.idle()
    const token = await resetLink(m.email)
    await t.database.db.execute(
      sql`update email_tokens set expires_at = now() - interval '1 minute' where purpose = 'password_reset'`,
    )
    const res = await call('PUT', '/api/password-reset.php', {
      token,
      password: 'cobalt-river-93',
      password_repeat: 'cobalt-river-93',
    })
    expect(res.json().error.code).toBe('accounts.link_invalid')
  })

  // spec: ERR-5, ERR-6
  it('answers the same for an address with an account and one without, and mails at most 3 links a day (issue 36, point 7)', async () => {
    const m = await signupMember(t.app)
    const answer = async (email: string) => {
      const res = await call('POST', '/api/password-reset.php', { email })
      return { status: res.statusCode, body: res.body, type: res.headers['content-type'] }
    }
    const unknown = await answer('nobody-here@example.com')
    expect(unknown).toEqual({ status: 200, body: '{"ok":true}', type: 'application/json; charset=utf-8' })
    for (let i = 0; i < 5; i++) expect(await answer(m.email)).toEqual(unknown)
    await t.app.services.passwords.idle()
    const mails = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from mail_outbox where to_address in (${m.email}, 'nobody-here@example.com')`,
    )
    // The signup's activation mail and three links: the fourth and fifth asks sent nothing.
    expect(mails[0].n).toBe(1 + 3)
  })

  // spec: VAL-4
  it('checks that the repeated password matches', async () => {
    const res = await call('PUT', '/api/password-reset.php', {
      token: 'x',
      password: 'cobalt-river-93',
      password_repeat: 'cobalt-river-94',
    })
    expect(res.json().error.fields.password_repeat).toBe('The entered passwords are not the same.')
  })
})

describe('password change', () => {
  // spec: VAL-5
  it('needs the old password, keeps this session and ends the others', async () => {
    const m = await signupMember(t.app)
    const other = (await login(m.email, m.password)).cookies.find((c) => c.name === 'auth.session')?.value
    const wrong = await call(
      'PUT',
      '/api/password.php',
      { old_password: 'nope', password: 'linen-forest-55', password_repeat: 'linen-forest-55' },
      m.cookie,
    )
    expect(wrong.json().error.message).toBe('Please check your old password.')
    const differ = await call(
      'PUT',
      '/api/password.php',
      { old_password: m.password, password: 'linen-forest-55', password_repeat: 'linen-forest-56' },
      m.cookie,
    )
    expect(differ.json().error.fields.password_repeat).toBe('The entered passwords are not the same.')
    const ok = await call(
      'PUT',
      '/api/password.php',
      { old_password: m.password, password: 'linen-forest-55', password_repeat: 'linen-forest-55' },
      m.cookie,
    )
    expect(ok.json()).toEqual({ ok: true })
    expect((await call('GET', '/api/user.php', undefined, m.cookie)).json().user).not.toBeNull()
    expect((await call('GET', '/api/user.php', undefined, `auth.session=${other}`)).json().user).toBeNull()
    expect((await login(m.email, 'linen-forest-55')).statusCode).toBe(200)
  })
})

/** What a page's action gives the services of its request (a visitor on the default site). */
const requestOriginOf = (app: TestApp) => ({
  site: app.app.services.sites.list()[0],
  locale: 'en' as const,
  origin: 'http://localhost:3000',
  ip: '127.0.0.1',
  country: null,
  detectedCountry: null,
  network: null,
})

describe('e-mail change', () => {
  // spec: STATE-12
  it('changes the login address only after the link mailed to the new address is followed', async () => {
    const m = await signupMember(t.app)
    const newEmail = `changed-${Date.now()}@example.com`
    expect(
      (
        await call('POST', '/api/mail-change.php', { email: newEmail, password: m.password }, m.cookie)
      ).json(),
    ).toEqual({ ok: true })
    const mail = await lastMailTo(t.database.db, newEmail)
    expect(mail?.subject).toBe('Confirm your new e-mail address for LunaDate')
    expect((await login(m.email, m.password)).statusCode).toBe(200)
    const token = new URL(linkIn(mail?.text ?? '', '/mail-change/do')).searchParams.get('token')
    expect((await call('PUT', '/api/mail-change.php', { token })).json()).toEqual({ ok: true })
    expect((await login(newEmail, m.password)).statusCode).toBe(200)
    expect((await login(m.email, m.password)).statusCode).toBe(401)
    expect((await call('PUT', '/api/mail-change.php', { token })).json().error.code).toBe(
      'accounts.link_invalid',
    )
  })

  it('tells the old address, whose link takes the account back and logs everyone out (issue 36, point 11)', async () => {
    const m = await signupMember(t.app)
    const thief = `thief-${Date.now()}@example.com`
    await call('POST', '/api/mail-change.php', { email: thief, password: m.password }, m.cookie)
    const confirm = linkIn((await lastMailTo(t.database.db, thief))?.text ?? '', '/mail-change/do')
    const token = new URL(confirm).searchParams.get('token')
    expect((await call('PUT', '/api/mail-change.php', { token })).statusCode).toBe(200)
    const notice = await lastMailTo(t.database.db, m.email)
    expect(notice?.subject).toBe('Your login address for LunaDate was changed')
    expect(notice?.text).toContain(thief)
    const undo = new URL(linkIn(notice?.text ?? '', '/mail-change/undo')).searchParams.get('token') ?? ''
    const thiefSession = (await login(thief, m.password)).cookies.find((c) => c.name === 'auth.session')
    const origin = { ...requestOriginOf(t), device: null }
    await t.app.services.accountSettings.undoEmailChange(undo, origin)
    // The address is the owner's again; the thief's session is over; a new password is on its way.
    expect((await login(thief, m.password)).statusCode).toBe(401)
    expect(
      (await call('GET', '/api/user.php', undefined, `auth.session=${thiefSession?.value}`)).json().user,
    ).toBeNull()
    expect((await lastMailTo(t.database.db, m.email))?.subject).toBe('Choose a new password for LunaDate')
    await expect(t.app.services.accountSettings.undoEmailChange(undo, origin)).rejects.toMatchObject({
      code: 'accounts.link_invalid',
    })
  })

  // spec: VAL-7
  it('refuses an address that owns an account, an invalid one, and a wrong password', async () => {
    const a = await signupMember(t.app)
    const b = await signupMember(t.app)
    const taken = await call(
      'POST',
      '/api/mail-change.php',
      { email: b.email, password: a.password },
      a.cookie,
    )
    expect(taken.statusCode).toBe(409)
    expect(taken.json().error.message).toBe('This e-mail address already belongs to an account.')
    const invalid = await call(
      'POST',
      '/api/mail-change.php',
      { email: 'not-valid', password: a.password },
      a.cookie,
    )
    expect(invalid.json().error.fields.email).toBe('Invalid email')
    const wrong = await call(
      'POST',
      '/api/mail-change.php',
      { email: 'fresh@example.com', password: 'wrong' },
      a.cookie,
    )
    expect(wrong.json().error.code).toBe('accounts.old_password_wrong')
  })
})

describe('account deletion', () => {
  // spec: STATE-11, DATA-18
  it('hides the member at once, ends the sessions, and the mailed link undoes it', async () => {
    const m = await signupMember(t.app)
    await t.database.db.execute(sql`update profiles set status = 'active' where id = ${m.user.profile.id}`)
    expect(await t.app.services.members.getPublicProfile(m.user.profile.id, '/media')).not.toBeNull()
    const res = await call(
      'DELETE',
      '/api/user.php',
      { reason: 'found_someone', remarks: 'Thanks!', password: m.password },
      m.cookie,
    )
    expect(res.json()).toEqual({ ok: true })
    expect(await t.app.services.members.getPublicProfile(m.user.profile.id, '/media')).toBeNull()
    expect((await call('GET', '/api/user.php', undefined, m.cookie)).json().user).toBeNull()
    const blocked = await login(m.email, m.password)
    expect(blocked.json().error.code).toBe('accounts.pending_deletion')
    const [row] = await t.database.db.select().from(users).where(eq(users.id, m.user.id))
    expect(row).toMatchObject({ deleteReason: 'found_someone', deleteRemarks: 'Thanks!' })

    const mail = await lastMailTo(t.database.db, m.email)
    expect(mail?.subject).toBe('Your LunaDate account has been deleted')
    const token = new URL(linkIn(mail?.text ?? '', '/account-deleted')).searchParams.get('token')
    expect((await call('POST', '/api/account-restore.php', { token })).json()).toEqual({ ok: true })
    expect((await login(m.email, m.password)).statusCode).toBe(200)
    expect(await t.app.services.members.getPublicProfile(m.user.profile.id, '/media')).not.toBeNull()
  })

  it('needs a reason and the password', async () => {
    const m = await signupMember(t.app)
    const noReason = await call('DELETE', '/api/user.php', { password: m.password }, m.cookie)
    expect(noReason.json().error.fields.reason).toBe('Please tell us why you are leaving.')
    const wrong = await call('DELETE', '/api/user.php', { reason: 'time', password: 'wrong' }, m.cookie)
    expect(wrong.json().error.code).toBe('accounts.old_password_wrong')
  })

  // spec: STATE-11
  it('cannot be undone after 14 days, when the account is erased for good', async () => {
    const m = await signupMember(t.app)
    await call('DELETE', '/api/user.php', { reason: 'time', password: m.password }, m.cookie)
    const token = new URL(
      linkIn((await lastMailTo(t.database.db, m.email))?.text ?? '', '/account-deleted'),
    ).searchParams.get('token')
    await t.database.db
      .update(users)
      .set({ deletedAt: sql`now() - interval '15 days'` })
      .where(eq(users.id, m.user.id))
    expect((await call('POST', '/api/account-restore.php', { token })).json().error.code).toBe(
      'accounts.link_invalid',
    )
    expect(await t.app.services.accountSettings.purgeExpiredDeletions()).toBeGreaterThanOrEqual(1)
    expect(await t.database.db.select().from(users).where(eq(users.id, m.user.id))).toEqual([])
  })

  it('keeps accounts deleted less than 14 days ago', async () => {
    const m = await signupMember(t.app)
    await call('DELETE', '/api/user.php', { reason: 'time', password: m.password }, m.cookie)
    await t.database.db
      .update(users)
      .set({ deletedAt: sql`now() - interval '13 days'` })
      .where(eq(users.id, m.user.id))
    await t.app.services.accountSettings.purgeExpiredDeletions()
    expect(await t.database.db.select().from(users).where(eq(users.id, m.user.id))).toHaveLength(1)
  })
})
