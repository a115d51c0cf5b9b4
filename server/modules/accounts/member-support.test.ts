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

  it('shows the member’s file without a password hash or a card, and only to support and admins', async () => {
    const member = await activeMember(t.app)
    const found = await file(member.user.id)
    expect(found.account).toMatchObject({ user_id: member.user.id, email: member.email, status: 'active' })
    expect(found.sessions.length).toBeGreaterThanOrEqual(1)
    expect(found.mails[0].subject).toContain('Confirm your e-mail address')
    expect(JSON.stringify(found)).not.toMatch(/argon2|password_hash|\$argon/)
    expect((await as(moderator, 'GET', `/api/admin/member.php?id=${member.user.id}`)).statusCode).toBe(403)
    expect((await as(moderator, 'GET', '/api/admin/members.php?q=x')).statusCode).toBe(403)
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
