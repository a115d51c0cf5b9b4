import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { lastMailTo } from '../../../tests/support/mail.ts'
import { remote, staffMember, type TestStaff } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

const clock = new Date('2031-05-06T07:08:09Z')
let t: TestApp
let moderator: TestStaff
let n = 0

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
  moderator = await staffMember(t.app, 'moderator', () => clock)
})
afterAll(() => t.close())

const as = (cookie: string, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, payload, headers: { cookie }, remoteAddress: remote() })

function signup(email: string, from: string) {
  n++
  return t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    payload: {
      email,
      name: `Person${n}`,
      password: 'amber-lantern-77',
      date_of_birth: '1990-01-01',
      gender: 'female',
    },
    remoteAddress: from,
  })
}

const signals = async () => (await as(moderator.cookie, 'GET', '/api/admin/signals.php')).json()

/** The opening's signals are read after the send's commit: wait until they are there. */
async function signalsOf(userId: number, kind: string) {
  for (let i = 0; i < 50; i++) {
    const found = (await signals()).signals.filter(
      (s: { kind: string; member: { user_id: number } }) => s.kind === kind && s.member.user_id === userId,
    )
    if (found.length > 0) return found
    await new Promise((resolve) => setTimeout(resolve, 40))
  }
  return []
}

/** A new member whose first message hands out contact details, and the signal it made. */
async function contactSignal(text: string) {
  const member = await activeMember(t.app)
  await as(member.cookie, 'POST', '/api/message.php', {
    profile: (await activeMember(t.app)).user.profile.id,
    text,
    client_id: randomUUID(),
  })
  const [signal] = await signalsOf(member.user.id, 'contact_in_first_message')
  return { member, signal }
}

describe('sign-up bans', () => {
  it('refuses sign-ups by address, mail domain and network until the ban is removed; each change audited', async () => {
    const add = (body: object) => as(moderator.cookie, 'POST', '/api/admin/bans.php', body)
    const email = await add({ kind: 'email', value: 'Scammer@Example.com', reason: 'Known romance scammer' })
    expect(email.statusCode).toBe(201)
    await add({ kind: 'domain', value: 'bad-actors.example', reason: 'A whole spam domain' })
    const range = await add({ kind: 'ip', value: '10.9.3.4/16', reason: 'A click farm' })
    expect(range.json().ban.value).toBe('10.9.0.0/16')
    expect((await add({ kind: 'ip', value: 'not-an-ip', reason: 'A click farm' })).json().error.code).toBe(
      'moderation.ban_invalid',
    )
    expect((await add({ kind: 'email', value: 'scammer@example.com', reason: 'Twice' })).statusCode).toBe(409)

    expect((await signup('scammer@example.com', '10.1.1.1')).json().error.code).toBe('accounts.banned')
    expect((await signup('anyone@bad-actors.example', '10.1.1.2')).json().error.code).toBe('accounts.banned')
    expect((await signup('farm1@example.com', '10.9.200.7')).json().error.code).toBe('accounts.banned')
    expect((await signup('farm2@example.com', '10.8.200.7')).statusCode).toBe(201)

    const listed = (await as(moderator.cookie, 'GET', '/api/admin/bans.php')).json().bans
    expect(listed.map((b: { value: string }) => b.value)).toEqual([
      '10.9.0.0/16',
      'bad-actors.example',
      'scammer@example.com',
    ])
    await as(moderator.cookie, 'DELETE', '/api/admin/bans.php', { ban: email.json().ban.id })
    expect((await signup('scammer@example.com', '10.1.1.3')).statusCode).toBe(201)
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target_type = 'ban' order by id`,
    )
    expect(audit.map((a) => a.action)).toEqual(['ban.add', 'ban.add', 'ban.add', 'ban.remove'])
  })

  it('refuses a throwaway mail address where the site asks for it, in the visitor’s language', async () => {
    const res = await signup('someone@mailinator.com', '10.2.2.2')
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({
      code: 'accounts.disposable_email',
      message: 'Please use your own e-mail address, not a throwaway one: we need it to reach you.',
    })
  })
})

describe('signals', () => {
  it('queues every account made from an address that made three within a day', async () => {
    const ids: number[] = []
    for (const i of [1, 2, 3]) ids.push((await signup(`burst${i}@example.com`, '10.3.3.3')).json().user.id)
    const queued = (await signals()).signals.filter((s: { kind: string }) => s.kind === 'signup_burst')
    expect(queued.map((s: { member: { user_id: number } }) => s.member.user_id).sort()).toEqual(ids.sort())
    expect(queued[0].detail).toMatchObject({ ip: '10.3.3.3', accounts: 3 })
  })

  it('dismisses every open signal of one address at once, in one audit entry, and only for sign-ups', async () => {
    type Queued = { id: number; kind: string; detail: { ip?: string }; member: { user_id: number } }
    const from = async (ip: string) =>
      ((await signals()).signals as Queued[]).filter((s) => s.kind === 'signup_burst' && s.detail.ip === ip)
    const burst: number[] = []
    for (const i of [1, 2, 3, 4])
      burst.push((await signup(`shared${i}@example.com`, '10.4.4.4')).json().user.id)
    for (const i of [1, 2, 3]) await signup(`other${i}@example.com`, '10.5.5.5')
    const [first, second] = await from('10.4.4.4')
    const review = (signal: number, action: string) =>
      as(moderator.cookie, 'POST', '/api/admin/signal-review.php', { signal, action })

    const done = await review(second.id, 'dismiss_address')
    expect(done.statusCode).toBe(200)
    expect(done.json()).toEqual({ report: null, dismissed: 4 })
    expect(await from('10.4.4.4')).toEqual([])
    expect(await from('10.5.5.5')).toHaveLength(3)
    // One audit entry for the decision, naming the address and every signal and account.
    const audit = await queryRows<{
      action: string
      target_type: string
      target_id: string
      before: unknown
    }>(
      t.database.db,
      sql`select action, target_type, target_id, before from audit_log where action like 'signal.%' order by id desc limit 1`,
    )
    expect(audit).toEqual([
      {
        action: 'signal.dismiss_address',
        target_type: 'address',
        target_id: '10.4.4.4',
        before: { kind: 'signup_burst', signals: expect.any(Array), members: expect.any(Array) },
      },
    ])
    const named = audit[0].before as { signals: number[]; members: number[] }
    expect([...named.members].sort()).toEqual([...burst].sort())
    expect(named.signals).toHaveLength(4)
    // Once they are gone, asking again says so; one of them alone, too.
    expect((await review(second.id, 'dismiss_address')).statusCode).toBe(409)
    expect((await review(first.id, 'dismiss')).statusCode).toBe(409)
    // The address's next sign-up puts that account alone in the queue, not the four looked at.
    const fifth = (await signup('shared5@example.com', '10.4.4.4')).json().user.id
    const next = await from('10.4.4.4')
    expect(next.map((s) => [s.member.user_id, s.detail])).toEqual([[fifth, { ip: '10.4.4.4', accounts: 5 }]])

    // Another kind of signal is decided on its own.
    const { member, signal: contact } = await contactSignal('mail me at lonely.heart@example.net')
    const refused = await review(contact.id, 'dismiss_address')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toMatchObject({
      code: 'moderation.signal_not_grouped',
      message: 'Only the signals of many sign-ups from one address are dismissed together.',
    })
    expect(await signalsOf(member.user.id, 'contact_in_first_message')).toHaveLength(1)
  })

  it('names an IPv6 address whole in the audit log, and its filter finds it', async () => {
    const admin = await staffMember(t.app, 'admin', () => clock)
    const ip = '2001:db8::7'
    for (const i of [1, 2, 3]) await signup(`six${i}@example.com`, ip)
    const queued = (
      (await signals()).signals as Array<{ id: number; kind: string; detail: { ip?: string } }>
    ).find((s) => s.kind === 'signup_burst' && s.detail.ip === ip)
    const done = await as(moderator.cookie, 'POST', '/api/admin/signal-review.php', {
      signal: queued?.id,
      action: 'dismiss_address',
    })
    expect(done.json()).toEqual({ report: null, dismissed: 3 })
    const log = await as(
      admin.cookie,
      'GET',
      `/api/admin/audit.php?target=${encodeURIComponent(`address:${ip}`)}`,
    )
    expect(log.statusCode).toBe(200)
    expect(
      log.json().entries.map((e: { action: string; target_id: string }) => [e.action, e.target_id]),
    ).toEqual([['signal.dismiss_address', ip]])
    // Another address of the same network is not this one.
    const other = await as(
      admin.cookie,
      'GET',
      `/api/admin/audit.php?target=${encodeURIComponent('address:2001:db8::8')}`,
    )
    expect(other.json().entries).toEqual([])
  })

  it('queues contact details in a first message, and the same first message to five members', async () => {
    const sender = await activeMember(t.app)
    await t.database.db.execute(
      sql`update users set credits = 100, paid_user = true where id = ${sender.user.id}`,
    )
    const send = async (to: number, text: string) => {
      const res = await as(sender.cookie, 'POST', '/api/message.php', {
        profile: to,
        text,
        client_id: randomUUID(),
      })
      if (res.statusCode !== 200) throw new Error(res.body)
    }
    const first = await activeMember(t.app)
    await send(first.user.profile.id, 'Hey! Write me on WhatsApp, +31 6 1234 5678')
    const contact = await signalsOf(sender.user.id, 'contact_in_first_message')
    expect(contact[0].detail).toMatchObject({ found: '+31 6 1234 5678' })
    // A second message in the same conversation is no opening.
    await send(first.user.profile.id, 'Hi again, how was your day, dear?')

    for (let i = 0; i < 5; i++) {
      const other = await activeMember(t.app)
      await send(
        other.user.profile.id,
        i % 2 ? 'Hi beautiful, how are you today?' : 'hi BEAUTIFUL how are you today!!',
      )
    }
    const repeated = await signalsOf(sender.user.id, 'repeated_first_message')
    expect(repeated[0].detail).toMatchObject({ conversations: 5 })
  })

  it('opens a case in the report queue from a signal; its decision tells the member and no reporter', async () => {
    const { member, signal } = await contactSignal('see my pics at www.cute-girls.xyz')
    const opened = await as(moderator.cookie, 'POST', '/api/admin/signal-review.php', {
      signal: signal.id,
      action: 'open_case',
    })
    const reportId = opened.json().report
    expect(reportId).toEqual(expect.any(Number))
    expect((await signalsOf(member.user.id, 'contact_in_first_message')).length).toBe(0)
    const reports = (await as(moderator.cookie, 'GET', '/api/admin/reports.php')).json().reports
    expect(reports.find((r: { id: number }) => r.id === reportId)).toMatchObject({
      reason: 'signal',
      reported: { user_id: member.user.id },
    })
    await as(moderator.cookie, 'POST', '/api/admin/report-decision.php', {
      report: reportId,
      outcome: 'warn',
      reason: 'Advertising another site is not allowed.',
    })
    const warning = (await lastMailTo(t.database.db, member.email))?.text
    expect(warning).toContain('This is a warning')
    // A case opened from the safety signals: nobody reported the profile, and the mail does not say so.
    expect(warning).toContain('We have reviewed your account.')
    expect(warning).not.toContain('reported your profile')
    expect(await lastMailTo(t.database.db, 'support@lunadate.com')).toBeNull()
  })
})
