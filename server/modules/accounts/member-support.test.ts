import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { activeMember, signupMember } from '../../../tests/support/accounts.ts'
import { lastMailTo } from '../../../tests/support/mail.ts'
import { remote, staffMember, type TestStaff } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

const clock = new Date('2031-05-06T07:08:09Z')
let t: TestApp
let support: TestStaff
let moderator: TestStaff

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
  support = await staffMember(t.app, 'support', () => clock)
  moderator = await staffMember(t.app, 'moderator', () => clock)
})
afterAll(() => t.close())

const as = (who: { cookie: string }, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    payload,
    headers: { cookie: who.cookie },
    remoteAddress: remote(),
  })
const lookUp = async (q: string) =>
  (await as(support, 'GET', `/api/admin/members.php?q=${encodeURIComponent(q)}`)).json().members
const file = async (id: number) => (await as(support, 'GET', `/api/admin/member.php?id=${id}`)).json().member
const auditFor = (userId: number) =>
  queryRows<{ action: string; reason: string; before: unknown; after: unknown }>(
    t.database.db,
    sql`select action, reason, before, after from audit_log where target_type = 'member' and target_id = ${String(userId)} order by id`,
  )

describe('member support', () => {
  it('says when a member was last seen: an open page counts, not only a password login (issue 56)', async () => {
    const member = await activeMember(t.app, { name: 'Lucienne' })
    const seen = async () => (await file(member.user.id)).account.last_seen_at
    // The socket's presence write, as an open page makes it: online for a little while ahead.
    const onlineUntil = (at: Date) =>
      t.database.db.execute(sql`update users set online_until = ${at} where id = ${member.user.id}`)
    await onlineUntil(new Date(clock.getTime() + 90_000))
    expect(await seen()).toBe(clock.toISOString())
    const anHourAgo = new Date(clock.getTime() - 3_600_000)
    await onlineUntil(anHourAgo)
    const account = (await file(member.user.id)).account
    expect(account.last_seen_at).toBe(
      account.last_login_at && account.last_login_at > anHourAgo.toISOString()
        ? account.last_login_at
        : anHourAgo.toISOString(),
    )
  })

  it('finds a member by number, e-mail address, the start of the name and a payment reference', async () => {
    const member = await activeMember(t.app, { name: 'Quentin' })
    const id = member.user.id
    expect((await lookUp(`#${id}`)).map((m: { user_id: number }) => m.user_id)).toEqual([id])
    expect((await lookUp(member.email.toUpperCase()))[0]).toMatchObject({ user_id: id, name: 'Quentin' })
    expect((await lookUp('quen')).map((m: { user_id: number }) => m.user_id)).toContain(id)
    const { packages } = (
      await t.app.inject({ url: '/api/credits.php', headers: { cookie: member.cookie } })
    ).json()
    const payment = (
      await t.app.inject({
        method: 'POST',
        url: '/api/payment.php',
        payload: { package: packages[0].id, method: 'paypal' },
        headers: { cookie: member.cookie },
      })
    ).json()
    expect((await lookUp(payment.payment_id))[0]).toMatchObject({ user_id: id })
    expect(await lookUp('nobody-has-this-name')).toEqual([])
  })

  it('shows the member’s file without a password hash or a card; a moderator’s without support’s records', async () => {
    const member = await activeMember(t.app)
    const found = await file(member.user.id)
    expect(found.account).toMatchObject({ user_id: member.user.id, email: member.email, status: 'active' })
    expect(found.sessions.length).toBeGreaterThanOrEqual(1)
    expect(found.mails[0].subject).toContain('Confirm your e-mail address')
    expect(JSON.stringify(found)).not.toMatch(/argon2|password_hash|\$argon/)
    // A moderator finds members and reads their file to act on them (issue 39), without the
    // sessions, payments, ledger and mails, which are support's.
    const seen = (await as(moderator, 'GET', `/api/admin/member.php?id=${member.user.id}`)).json().member
    expect(seen.account.user_id).toBe(member.user.id)
    expect([seen.sessions, seen.payments, seen.ledger, seen.mails]).toEqual([null, null, null, null])
    expect((await as(moderator, 'GET', '/api/admin/members.php?q=x')).statusCode).toBe(200)
    const operator = await staffMember(t.app, 'operator', () => clock)
    expect((await as(operator, 'GET', `/api/admin/member.php?id=${member.user.id}`)).statusCode).toBe(403)
  })

  it('lets a moderator warn, suspend and ban from the file, as from a report: mails, audit, appeal', async () => {
    const member = await activeMember(t.app, { name: 'Rowan' })
    const reporter = await activeMember(t.app, { name: 'Sacha' })
    await t.app.inject({
      method: 'POST',
      url: '/api/complaints.php',
      payload: {
        name: 'Sacha',
        email: reporter.email,
        reason: 'harassment',
        message: 'He keeps writing after I said no.',
        profile: member.user.profile.id,
      },
      headers: { cookie: reporter.cookie },
      remoteAddress: remote(),
    })
    const act = (body: object) =>
      as(moderator, 'POST', '/api/admin/member-moderation.php', { user: member.user.id, ...body })
    const warned = await act({ outcome: 'warn', reason: 'Please respect a no: it is one of our rules.' })
    expect(warned.statusCode).toBe(200)
    expect(warned.json().report).toMatchObject({ outcome: 'warn', status: 'decided' })
    const mail = await lastMailTo(t.database.db, member.email)
    expect(mail?.text).toContain('Please respect a no')
    expect(mail?.text).toMatch(/\/appeal\/[A-Za-z0-9_-]+/)
    // Nobody reported the profile for this warning: the mail does not say anyone did (issue 56).
    expect(mail?.text).toContain('We have reviewed your account. This is our decision:')
    expect(mail?.text).not.toContain('reported your profile')
    // Support may not; a ban is refused until confirmed, in words.
    expect(
      (
        await as(support, 'POST', '/api/admin/member-moderation.php', {
          user: member.user.id,
          outcome: 'warn',
          reason: 'Support cannot do this.',
        })
      ).statusCode,
    ).toBe(403)
    const unconfirmed = await act({ outcome: 'ban', reason: 'Harassment after a warning.' })
    expect(unconfirmed.statusCode).toBe(400)
    expect(unconfirmed.json().error.fields.confirm).toContain('Confirm the ban')
    expect((await act({ outcome: 'suspend', reason: 'No days given.' })).statusCode).toBe(400)
    const banned = await act({ outcome: 'ban', reason: 'Harassment after a warning.', confirm: true })
    expect(banned.json().report).toMatchObject({ outcome: 'ban' })
    const [account] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from users where id = ${member.user.id}`,
    )
    expect(account.status).toBe('banned')
    const audit = await queryRows<{ action: string; reason: string }>(
      t.database.db,
      sql`select action, reason from audit_log where action = 'report.decided' and target_id in (${String(warned.json().report.id)}, ${String(banned.json().report.id)}) order by id`,
    )
    expect(audit.map((a) => a.reason)).toEqual([
      'Please respect a no: it is one of our rules.',
      'Harassment after a warning.',
    ])
    // The file shows the reports about them (the member's and the staff's cases) and by them.
    const history = (await as(moderator, 'GET', `/api/admin/member.php?id=${member.user.id}`)).json().member
    expect(history.reports.map((r: { role: string; outcome: string | null }) => [r.role, r.outcome])).toEqual(
      [
        ['against', 'ban'],
        ['against', 'warn'],
        ['against', null],
      ],
    )
    const byReporter = (await as(moderator, 'GET', `/api/admin/member.php?id=${reporter.user.id}`)).json()
      .member
    expect(byReporter.reports[0]).toMatchObject({ role: 'by', reason: 'harassment', status: 'open' })
  })

  it('corrects credits through the ledger, never below zero, audited with the reason', async () => {
    const member = await activeMember(t.app)
    const start = (await file(member.user.id)).account.credits
    const added = await as(support, 'POST', '/api/admin/member-credits.php', {
      user: member.user.id,
      delta: 25,
      reason: 'Goodwill after a failed payment',
    })
    expect(added.json()).toEqual({ credits: start + 25 })
    const below = await as(support, 'POST', '/api/admin/member-credits.php', {
      user: member.user.id,
      delta: -(start + 26),
      reason: 'Too much taken back',
    })
    expect(below.statusCode).toBe(402)
    const after = await file(member.user.id)
    expect(after.account.credits).toBe(start + 25)
    expect(after.ledger[0]).toMatchObject({ delta: 25, reason: 'support', balance_after: start + 25 })
    expect(await auditFor(member.user.id)).toEqual([
      {
        action: 'member.credits',
        reason: 'Goodwill after a failed payment',
        before: { credits: start },
        after: { credits: start + 25 },
      },
    ])
  })

  it('resends the activation mail, changes the address, deletes and restores the account', async () => {
    const member = await signupMember(t.app)
    const id = member.user.id
    const act = (body: object) => as(support, 'POST', '/api/admin/member-action.php', { user: id, ...body })
    expect((await act({ action: 'resend_activation', reason: 'Member says no mail came' })).statusCode).toBe(
      200,
    )
    expect((await lastMailTo(t.database.db, member.email))?.subject).toContain('Confirm your e-mail address')

    const newEmail = `support-changed-${Date.now()}@example.com`
    expect(
      (await act({ action: 'change_email', email: newEmail, reason: 'Verified by phone' })).statusCode,
    ).toBe(200)
    expect((await file(id)).account.email).toBe(newEmail)
    const taken = await act({
      action: 'change_email',
      email: (await activeMember(t.app)).email,
      reason: 'Verified by phone',
    })
    expect(taken.json().error.code).toBe('accounts.email_exists')

    expect((await act({ action: 'delete', reason: 'Member asked by phone' })).statusCode).toBe(200)
    expect((await file(id)).account.deleted_at).toBe(clock.toISOString())
    expect((await as(member, 'GET', '/api/user.php')).json().user).toBeNull()
    expect((await lastMailTo(t.database.db, newEmail))?.subject).toContain('has been deleted')
    expect((await act({ action: 'restore', reason: 'Member changed their mind' })).statusCode).toBe(200)
    expect((await file(id)).account.deleted_at).toBeNull()
    expect((await act({ action: 'restore', reason: 'Twice' })).json().error.code).toBe(
      'support.not_restorable',
    )
    expect((await auditFor(id)).map((a) => a.action)).toEqual([
      'member.resend_activation',
      'member.change_email',
      'member.delete',
      'member.restore',
    ])
  })
})
