import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeMember, signupMember } from '../../../tests/support/accounts.ts'
import { sendPaidMessage } from '../../../tests/support/chat.ts'
import { linkIn } from '../../../tests/support/mail.ts'
import { startSmtpReceiver } from '../../../tests/support/smtp.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

interface Received {
  from: string
  to: string
  subject: string
  text: string
  html: string
  /** Header lines as they arrived, by lower-case name. */
  headers: Record<string, string>
}

const received: Received[] = []
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
let t: TestApp
/** The app's clock: starts now (messages and likes are dated by the database) and is moved on. */
let at = new Date()
const later = (seconds: number) => {
  at = new Date(at.getTime() + seconds * 1000)
}

beforeAll(async () => {
  smtp = await startSmtpReceiver((mail) => {
    received.push({
      from: mail.from?.text ?? '',
      to: Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? ''),
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      html: typeof mail.html === 'string' ? mail.html : '',
      headers: Object.fromEntries(
        mail.headerLines.map((h) => [
          h.key,
          h.line
            .slice(h.line.indexOf(':') + 1)
            .replace(/\r?\n\s+/g, ' ')
            .trim(),
        ]),
      ),
    })
  })
  const port = smtp.port
  t = await createTestApp({
    clock: () => at,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'LunaDate <no-reply@lunadate.com>',
      NOTIFY_DELAY_S: '0',
    },
  })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

describe('mail through a real SMTP server', () => {
  it('delivers the activation mail, and its link activates the account', async () => {
    const member = await signupMember(t.app)
    await t.app.services.mail.deliverPending()
    const mail = received.find((m) => m.to === member.email)
    expect(mail).toBeDefined()
    expect(mail?.from).toBe('"LunaDate" <no-reply@lunadate.com>')
    expect(mail?.subject).toBe('Confirm your e-mail address for LunaDate')
    expect(mail?.html).toContain('Confirm my e-mail address')
    const link = new URL(linkIn(mail?.text ?? '', '/api/activate.php'))
    const res = await t.app.inject({ url: link.pathname + link.search })
    expect(res.headers.location).toBe('/activate/done')
    const me = await t.app.inject({ url: '/api/user.php', headers: { cookie: member.cookie } })
    expect(me.json().user.status).toBe('active')
  })

  it('marks delivered mails as sent, so none goes twice', async () => {
    const member = await signupMember(t.app)
    await t.app.services.mail.deliverPending()
    await t.app.services.mail.deliverPending()
    expect(received.filter((m) => m.to === member.email)).toHaveLength(1)
    const [row] = (await t.app.services.mail.recent(50)).filter((m) => m.toAddress === member.email)
    expect(row.sentAt).not.toBeNull()
  })

  it('sends a message mail with its one-click unsubscribe headers (RFC 8058)', async () => {
    const sender = await activeMember(t.app, { name: 'Eva', gender: 'female' })
    const reader = await activeMember(t.app)
    await sendPaidMessage(t.app, sender, reader, 'Hello from Eva')
    // NOTIFY_DELAY_S is 0 here: the job mails at once (the clock is past the message's date).
    at = new Date(Date.now() + 1000)
    expect(await t.app.services.notifications.sendMessageMails()).toEqual({ sent: 1 })
    await t.app.services.mail.deliverPending()
    const mail = received.find((m) => m.to === reader.email && m.subject === 'Eva wrote to you')
    expect(mail?.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/lunadate\.com\/api\/unsubscribe\.php\?token=\d+\.new_conversations\.[\w-]+>, <mailto:support@lunadate\.com\?subject=unsubscribe%20new_conversations>$/,
    )
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    expect(mail?.html).toContain('/unsubscribe?token=')
  })
})

/**
 * Where the rules' day and a half starts: now (some rows are dated by the database), unless that
 * span would cross the Monday that starts a weekly update's week; then just after that Monday, so
 * that the test holds whatever day it runs (it sent two weekly mails when run on a Sunday).
 */
function startWithinOneWeek(now: Date): Date {
  // The week's Monday (UTC), as the weekly update counts its weeks.
  const weekOf = (at: Date) =>
    new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10)
  const end = new Date(now.getTime() + (3700 + 86_400 + 60) * 1000)
  return weekOf(end) === weekOf(now) ? now : new Date(`${weekOf(end)}T00:01:00Z`)
}

describe('every notification rule through a real SMTP server', () => {
  it('delivers exactly one mail per rule, none to a member on the site or with the type off, nothing twice', async () => {
    at = startWithinOneWeek(new Date())
    const jobs = t.app.services.notifications
    const runAll = async () => {
      await jobs.sendMessageMails()
      await jobs.sendLikeMails()
      await jobs.sendUnreadReminders()
      await jobs.sendSignupReminders()
      await jobs.sendWeeklyUpdates()
      await t.app.services.mail.deliverPending()
    }
    const eva = await activeMember(t.app, { name: 'Evelien', gender: 'female' })
    const reader = await activeMember(t.app, { name: 'Ruben' })
    const online = await activeMember(t.app, { name: 'Olaf' })
    const optedOut = await activeMember(t.app, { name: 'Xander' })
    const unconfirmed = await signupMember(t.app, { name: 'Uma', gender: 'female' })
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications.php',
      headers: { cookie: optedOut.cookie },
      payload: {
        email: {
          new_conversations: false,
          like: false,
          unread_message_reminders: false,
          weekly_updates: false,
        },
      },
    })
    expect(off.statusCode).toBe(200)
    for (const member of [reader, online, optedOut]) {
      await sendPaidMessage(t.app, eva, member, 'Hoi!')
      const liked = await t.app.inject({
        method: 'POST',
        url: '/api/like.php',
        headers: { cookie: eva.cookie },
        payload: { profile: member.user.profile.id },
      })
      expect(liked.statusCode).toBe(200)
    }
    await jobs.online([online.user.id])
    await runAll()
    // An hour on, the likes have waited; a day on, the message is a day unread and Uma a day unconfirmed.
    later(3700)
    await jobs.online([online.user.id])
    await runAll()
    later(86_400)
    await jobs.online([online.user.id])
    await runAll()
    await runAll()

    // Each member's mails beside the activation mail of their sign-up.
    const subjects = (member: { email: string }) =>
      received
        .filter((m) => m.to === member.email && m.subject !== 'Confirm your e-mail address for LunaDate')
        .map((m) => m.subject.replace(/^\d+ new members/, 'N new members'))
    expect(subjects(reader).sort()).toEqual(
      [
        'Evelien wrote to you',
        'Evelien liked your profile',
        'A message is waiting for you',
        'N new members near you on LunaDate this week',
      ].sort(),
    )
    expect(subjects(online)).toEqual([])
    expect(subjects(optedOut)).toEqual([])
    expect(subjects(unconfirmed)).toEqual(['Your profile on LunaDate is waiting for you'])
  })
})
