import { createHmac, randomBytes } from 'node:crypto'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { mailOutbox } from '#server/db/schema/accounts.ts'
import { profiles, users } from '#server/db/schema/members.ts'
import { activeMember, signupMember } from '../../../tests/support/accounts.ts'
import { sendPaidMessage } from '../../../tests/support/chat.ts'
import { linkIn } from '../../../tests/support/mail.ts'
import { memberRequest } from '../../../tests/support/requests.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

type Member = Awaited<ReturnType<typeof activeMember>>
const SIGNING_KEY = 'key-test-mailgun-signing'
let t: TestApp
/** The injected clock: a fixed day (messages are dated by it), moved on by the tests. */
let at = new Date('2031-03-04T09:00:00Z')
const later = (seconds: number) => {
  at = new Date(at.getTime() + seconds * 1000)
}
const call = (member: Member | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  memberRequest(t.app, member, method, url, payload)
const job = () => t.app.services.notifications.sendMessageMails()

const send = (from: Member, to: Member) => sendPaidMessage(t.app, from, to)

/** The notification mails to a member (the activation mail of the sign-up left aside). */
const mailsTo = (member: Member) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, member.email), isNotNull(mailOutbox.headers)))
    .orderBy(mailOutbox.id)

function mailgunBody(
  event: Record<string, string>,
  key = SIGNING_KEY,
  timestamp = Math.floor(at.getTime() / 1000),
) {
  const token = randomBytes(25).toString('hex')
  const signature = createHmac('sha256', key).update(`${timestamp}${token}`).digest('hex')
  return { signature: { timestamp: String(timestamp), token, signature }, 'event-data': event }
}
const webhook = (body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/mail-events.php',
    payload: body,
    headers: { origin: 'https://api.mailgun.net' },
  })

beforeAll(async () => {
  t = await createTestApp({ clock: () => at, env: { MAILGUN_WEBHOOK_SIGNING_KEY: SIGNING_KEY } })
})
afterAll(async () => {
  await t.close()
})

describe('notification settings', () => {
  // spec: DATA-15
  it('have defaults (mails about the member’s own conversations on, marketing off), and change one at a time', async () => {
    const member = await activeMember(t.app)
    expect((await call(null, 'GET', '/api/notifications.php')).statusCode).toBe(403)
    const initial = (await call(member, 'GET', '/api/notifications.php')).json()
    expect(initial).toEqual({
      email: {
        new_conversations: true,
        new_messages: true,
        like: true,
        unread_message_reminders: true,
        promotions: false,
        weekly_updates: true,
        news: false,
        reminders: true,
      },
      push: true,
      notifications_disabled: [],
    })
    const changed = await call(member, 'PUT', '/api/notifications.php', {
      email: { like: false, promotions: true },
      push: false,
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().email).toMatchObject({ like: false, promotions: true, new_messages: true })
    expect((await call(member, 'GET', '/api/notifications.php')).json()).toEqual(changed.json())
    // The consent to promotions is recorded with its moment, and taken back with it.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.user.id))
    expect(row.notificationSettings.consented?.promotions).toBe(at.toISOString())
    await call(member, 'PUT', '/api/notifications.php', { email: { promotions: false } })
    const [again] = await t.database.db.select().from(users).where(eq(users.id, member.user.id))
    expect(again.notificationSettings.consented?.promotions).toBeUndefined()
  })

  it('refuses what is not a setting, in the member’s language, and a reason the member would add', async () => {
    const member = await activeMember(t.app)
    for (const body of [
      { email: { pigeons: true } },
      { notifications_disabled: ['bounce'] },
      { push: 'yes' },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/notifications.php',
        payload: body,
        headers: { cookie: member.cookie, 'accept-language': 'fr' },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toMatchObject({
        code: 'validation.failed',
        message: 'Certaines informations saisies ne sont pas valides.',
      })
    }
    expect((await call(member, 'GET', '/api/notifications.php')).json().notifications_disabled).toEqual([])
  })
})

describe('message mails', () => {
  it('mail a conversation once after the quiet period, and again only after the member has read it', async () => {
    const sender = await activeMember(t.app, { name: 'Eva', gender: 'female' })
    const reader = await activeMember(t.app, { name: 'Marc' })
    const conversation = await send(sender, reader)
    later(60)
    expect(await job()).toEqual({ sent: 0 })
    later(250)
    expect(await job()).toEqual({ sent: 1 })
    const [mail] = await mailsTo(reader)
    expect(mail.subject).toBe('Eva wrote to you')
    expect(mail.text).toContain(`/chats/${conversation}`)
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(mail.headers?.['List-Unsubscribe']).toMatch(
      /^<https?:\/\/[^>]+\/api\/unsubscribe\.php\?token=[^>]+>, <mailto:[^>]+>$/,
    )
    // Nothing more about this conversation until the member reads it, however many messages come.
    await send(sender, reader)
    later(400)
    expect(await job()).toEqual({ sent: 0 })
    expect(await call(reader, 'PUT', '/api/chat.php', { conversation })).toMatchObject({ statusCode: 200 })
    await send(sender, reader)
    later(310)
    expect(await job()).toEqual({ sent: 1 })
    const mails = await mailsTo(reader)
    expect(mails.map((m) => m.subject)).toEqual(['Eva wrote to you', 'New message from Eva'])
  })

  it('name a fictional profile with its mark and the site’s sentence, in the message mail and the reminder (ADR 32)', async () => {
    const fictional = await activeMember(t.app, { name: 'Maaike', gender: 'female' })
    await t.database.db
      .update(profiles)
      .set({ fictional: true })
      .where(eq(profiles.userId, fictional.user.id))
    const reader = await activeMember(t.app, { name: 'Joost' })
    await send(fictional, reader)
    later(310)
    expect(await job()).toEqual({ sent: 1 })
    const { settings } = t.app.services.sites.list()[0]
    const [mail] = await mailsTo(reader)
    expect(mail.subject).toBe(`Maaike ${settings.fictional_icon} wrote to you`)
    expect(mail.text).toContain(settings.fictional_warning.en)
    // A day later, unread: the reminder names her with the mark and says what it means too.
    later(86_400)
    // (Members of the other tests here may be reminded too: this reader's mails are what counts.)
    await t.app.services.notifications.sendUnreadReminders()
    const [, reminder, ...more] = await mailsTo(reader)
    expect(more).toEqual([])
    expect(reminder?.subject).toBe('A message is waiting for you')
    expect(reminder?.text).toContain(`Maaike ${settings.fictional_icon}`)
    expect(reminder?.text).toContain(settings.fictional_warning.en)
  })

  // spec: CALL-7
  it('wait while the member is on the site, and go once the page is hidden', async () => {
    const sender = await activeMember(t.app, { name: 'Lou', gender: 'female' })
    const reader = await activeMember(t.app, { name: 'Hugo' })
    await send(sender, reader)
    await t.app.services.notifications.online([reader.user.id])
    later(60)
    await t.app.services.notifications.online([reader.user.id])
    later(301)
    // A heartbeat 30 s ago keeps the member on the site for 90 s after it.
    await t.app.services.notifications.online([reader.user.id])
    later(30)
    expect((await job()).sent).toBe(0)
    expect((await call(reader, 'POST', '/api/page-hidden.php', {})).statusCode).toBe(200)
    expect((await job()).sent).toBe(1)
    expect((await mailsTo(reader))[0].subject).toBe('Lou wrote to you')
  })

  it('respect a type turned off, in French for a French member', async () => {
    const sender = await activeMember(t.app, { name: 'Zoé', gender: 'female' })
    const quiet = await activeMember(t.app)
    const french = await activeMember(t.app, { name: 'Paul' })
    await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, french.user.id))
    await call(quiet, 'PUT', '/api/notifications.php', { email: { new_conversations: false } })
    await send(sender, quiet)
    await send(sender, french)
    later(301)
    expect((await job()).sent).toBe(1)
    expect(await mailsTo(quiet)).toEqual([])
    const [mail] = await mailsTo(french)
    expect(mail.subject).toBe('Zoé vous a écrit')
    expect(mail.text).toContain('Réglages des notifications')
  })
})

describe('unsubscribing from a mail', () => {
  async function mailedMember() {
    const sender = await activeMember(t.app, { name: 'Nina', gender: 'female' })
    const reader = await activeMember(t.app)
    await send(sender, reader)
    later(301)
    await job()
    const [mail] = await mailsTo(reader)
    const url = new URL(/<(https?:[^>]+)>/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '')
    return { reader, url: `${url.pathname}${url.search}`, token: url.searchParams.get('token') ?? '' }
  }

  it('turns that type off with one POST from the mail client, without login and from another site', async () => {
    const { reader, url } = await mailedMember()
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true, type: 'new_conversations' })
    const settings = (await call(reader, 'GET', '/api/notifications.php')).json()
    expect(settings.email).toMatchObject({ new_conversations: false, new_messages: true })
  })

  it('shows a confirmation page on GET, and refuses a token that is not ours', async () => {
    const { url, token } = await mailedMember()
    const get = await t.app.inject({ method: 'GET', url })
    expect(get.statusCode).toBe(303)
    expect(get.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`)
    expect(t.app.services.notifications.tokenType(token)).toBe('new_conversations')
    const forged = token.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAA')
    const wrongType = token.replace('new_conversations', 'new_messages')
    for (const bad of [forged, wrongType, 'nonsense']) {
      expect(t.app.services.notifications.tokenType(bad)).toBeNull()
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/unsubscribe.php?token=${encodeURIComponent(bad)}`,
        payload: {},
        headers: { 'accept-language': 'fr' },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toMatchObject({
        code: 'notifications.token_invalid',
        message: 'Ce lien de désabonnement n’est pas valide.',
      })
    }
  })
})

describe('the mail provider’s events (Mailgun)', () => {
  const disabledOf = async (member: Member) =>
    (await call(member, 'GET', '/api/notifications.php')).json().notifications_disabled

  // spec: DATA-19
  it('a hard bounce stops all mails with reason bounce, once, and the member turns them back on', async () => {
    const member = await activeMember(t.app)
    const temporary = mailgunBody({
      id: 'ev-temp',
      event: 'failed',
      severity: 'temporary',
      recipient: member.email,
    })
    expect((await webhook(temporary)).statusCode).toBe(200)
    expect(await disabledOf(member)).toEqual([])
    const bounce = mailgunBody({
      id: 'ev-bounce',
      event: 'failed',
      severity: 'permanent',
      recipient: member.email,
    })
    expect((await webhook(bounce)).statusCode).toBe(200)
    expect((await webhook(bounce)).statusCode).toBe(200)
    expect(await disabledOf(member)).toEqual(['bounce'])
    expect((await call(member, 'GET', '/api/user.php')).json().user.notifications_disabled).toEqual([
      'bounce',
    ])

    // No message mail while mails are stopped.
    const sender = await activeMember(t.app, { name: 'Ines', gender: 'female' })
    await send(sender, member)
    later(301)
    await job()
    expect(await mailsTo(member)).toEqual([])

    const enabled = await call(member, 'PUT', '/api/notifications.php', { notifications_disabled: [] })
    expect(enabled.json().notifications_disabled).toEqual([])
    expect(await disabledOf(member)).toEqual([])
    // The replayed event changes nothing now.
    expect((await webhook(bounce)).statusCode).toBe(200)
    expect(await disabledOf(member)).toEqual([])
  })

  // spec: DATA-19
  it('a complaint is fbl and an unsubscribe listunsubscribe; a wrong or stale signature changes nothing', async () => {
    const member = await activeMember(t.app)
    const other = await activeMember(t.app)
    expect(
      (await webhook(mailgunBody({ id: 'ev-c', event: 'complained', recipient: member.email }))).statusCode,
    ).toBe(200)
    expect(
      (await webhook(mailgunBody({ id: 'ev-u', event: 'unsubscribed', recipient: member.email }))).statusCode,
    ).toBe(200)
    expect(await disabledOf(member)).toEqual(['fbl', 'listunsubscribe'])

    const forged = mailgunBody({ id: 'ev-f', event: 'complained', recipient: other.email }, 'not-the-key')
    const stale = mailgunBody(
      { id: 'ev-s', event: 'complained', recipient: other.email },
      SIGNING_KEY,
      Math.floor(at.getTime() / 1000) - 3600,
    )
    for (const body of [
      forged,
      stale,
      { 'event-data': { id: 'x', event: 'complained', recipient: other.email } },
    ]) {
      const res = await webhook(body)
      expect(res.statusCode).toBe(401)
      expect(res.json().error.code).toBe('notifications.signature_invalid')
    }
    expect(await disabledOf(other)).toEqual([])
    const [kept] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from mail_events`,
    )
    expect(kept.n).toBe(4)
  })
})

describe('like mails', () => {
  it('gather a day’s new likes in one mail once the first has waited an hour, naming real members only', async () => {
    // Likes are dated by the database: the clock starts from now again.
    at = new Date()
    const liked = await activeMember(t.app, { name: 'Marc' })
    const likers = await Promise.all(
      ['Eva', 'Lou', 'Zoé'].map((name) => activeMember(t.app, { name, gender: 'female' })),
    )
    const like = (from: Member) => call(from, 'POST', '/api/like.php', { profile: liked.user.profile.id })
    expect((await like(likers[0])).statusCode).toBe(200)
    later(30 * 60)
    expect(await t.app.services.notifications.sendLikeMails()).toEqual({ sent: 0 })
    expect((await like(likers[1])).statusCode).toBe(200)
    expect((await like(likers[2])).statusCode).toBe(200)
    // A fictional profile's like is never named in a mail.
    const fictional = await activeMember(t.app, { name: 'Fiona', gender: 'female' })
    expect((await like(fictional)).statusCode).toBe(200)
    await t.database.db
      .update(profiles)
      .set({ fictional: true })
      .where(eq(profiles.userId, fictional.user.id))
    later(31 * 60)
    expect(await t.app.services.notifications.sendLikeMails()).toEqual({ sent: 1 })
    const [mail] = await mailsTo(liked)
    expect(mail.subject).toBe('Zoé and 2 other members liked your profile')
    expect(mail.text).toContain('3 new likes on LunaDate, including Zoé, Lou, Eva.')
    expect(mail.headers?.['List-Unsubscribe']).toContain('.like.')
    // No second like mail the same day.
    const late = await activeMember(t.app, { name: 'Ines', gender: 'female' })
    expect((await like(late)).statusCode).toBe(200)
    later(3600)
    expect(await t.app.services.notifications.sendLikeMails()).toEqual({ sent: 0 })
  })
})

describe('unread message reminders', () => {
  it('remind once of messages unread for a day, after the message mail, at most once a day', async () => {
    at = new Date()
    const sender = await activeMember(t.app, { name: 'Rose', gender: 'female' })
    const other = await activeMember(t.app, { name: 'Lina', gender: 'female' })
    const reader = await activeMember(t.app, { name: 'Tom' })
    await send(sender, reader)
    await send(other, reader)
    await send(other, reader)
    later(301)
    await job()
    expect((await mailsTo(reader)).map((m) => m.subject).sort()).toEqual([
      'Lina wrote to you',
      'Rose wrote to you',
    ])
    // Other tests' members are reminded too: count this member's mails.
    later(12 * 3600)
    await t.app.services.notifications.sendUnreadReminders()
    expect(await mailsTo(reader)).toHaveLength(2)
    later(12 * 3600)
    await t.app.services.notifications.sendUnreadReminders()
    await t.app.services.notifications.sendUnreadReminders()
    const mails = await mailsTo(reader)
    expect(mails).toHaveLength(3)
    expect(mails.at(-1)?.subject).toBe('3 messages are waiting for you')
    expect(mails.at(-1)?.text).toMatch(
      /You have 3 unread messages on LunaDate, from (Lina, Rose|Rose, Lina)\./,
    )
    // The next day, the same unread messages are not reminded of again.
    later(86_400)
    await t.app.services.notifications.sendUnreadReminders()
    expect(await mailsTo(reader)).toHaveLength(3)
  })
})

describe('the weekly update', () => {
  it('names the week’s new members of the genders sought, the member’s region first, once a week', async () => {
    at = new Date()
    const db = t.database.db
    const regionsOf = await queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from regions where country = 'BE' order by name limit 2`,
    )
    const [home, away] = regionsOf
    const place = async (member: Member, country: string, region: number | null, extra: object = {}) =>
      db
        .update(profiles)
        .set({ country, regionId: region, ...extra })
        .where(eq(profiles.userId, member.user.id))
    const reader = await activeMember(t.app, { name: 'Bram' })
    await place(reader, 'BE', home.id)
    const far = await activeMember(t.app, { name: 'Anouk', gender: 'female' })
    await place(far, 'BE', away.id)
    const near = await activeMember(t.app, { name: 'Lotte', gender: 'female' })
    await place(near, 'BE', home.id)
    const man = await activeMember(t.app, { name: 'Jens' })
    await place(man, 'BE', home.id)
    const fictional = await activeMember(t.app, { name: 'Fleur', gender: 'female' })
    await place(fictional, 'BE', home.id, { fictional: true })
    const alone = await activeMember(t.app, { name: 'Solo' })
    await place(alone, 'LU', null)

    later(3600)
    await t.app.services.notifications.sendWeeklyUpdates()
    const [mail, ...more] = (await mailsTo(reader)).filter((m) => m.subject.includes('this week'))
    expect(more).toEqual([])
    expect(mail.subject).toBe('2 new members near you on LunaDate this week')
    expect(mail.text).toContain(`Lotte (${home.name}), Anouk (${away.name})`)
    expect(mail.text).not.toMatch(/Jens|Fleur|Bram \(/)
    expect((await mailsTo(alone)).filter((m) => m.subject.includes('this week'))).toEqual([])
    // The same week: nothing twice.
    await t.app.services.notifications.sendWeeklyUpdates()
    expect((await mailsTo(reader)).filter((m) => m.subject.includes('this week'))).toHaveLength(1)
  })
})

describe('reminders of an unfinished sign-up', () => {
  const reminders = async (member: Member) =>
    (await mailsTo(member)).filter((m) => m.headers?.['List-Unsubscribe']?.includes('.reminders.'))
  const run = () => t.app.services.notifications.sendSignupReminders()

  it('remind a member who has not confirmed their address after a day and after three, each with a working link, then stop', async () => {
    at = new Date()
    const waiting = await signupMember(t.app, { name: 'Wim' })
    const follows = await signupMember(t.app, { name: 'Fien' })
    await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, follows.user.id))
    const optedOut = await signupMember(t.app, { name: 'Otto' })
    const confirmed = await activeMember(t.app, { name: 'Cor' })
    expect(
      (await call(optedOut, 'PUT', '/api/notifications.php', { email: { reminders: false } })).statusCode,
    ).toBe(200)

    later(23 * 3600)
    await run()
    expect(await reminders(waiting)).toEqual([])

    later(2 * 3600)
    await run()
    await run()
    const [first, ...again] = await reminders(waiting)
    expect(again).toEqual([])
    expect(first.subject).toBe('Your profile on LunaDate is waiting for you')
    const [french] = await reminders(follows)
    expect(french.subject).toBe('Votre profil sur LunaDate vous attend')
    expect(await reminders(optedOut)).toEqual([])
    expect(await reminders(confirmed)).toEqual([])

    // The link in the reminder confirms the address, and the reminders stop.
    const link = new URL(linkIn(french.text, '/api/activate.php'))
    const activated = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
    expect(activated.statusCode).toBeLessThan(400)
    const [row] = await t.database.db.select().from(users).where(eq(users.id, follows.user.id))
    expect(row.status).toBe('active')

    later(2 * 86_400)
    await run()
    const [, last] = await reminders(waiting)
    expect(last.subject).toBe('Last reminder: confirm your e-mail address for LunaDate')
    expect(last.text).toContain('our last reminder')
    expect(await reminders(follows)).toHaveLength(1)

    later(6 * 86_400)
    await run()
    expect(await reminders(waiting)).toHaveLength(2)
  })
})
