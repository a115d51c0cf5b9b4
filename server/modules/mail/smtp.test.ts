import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeMember, signupMember } from '../../../tests/support/accounts.ts'
import { sendPaidMessage } from '../../../tests/support/chat.ts'
import { linkIn } from '../../../tests/support/mail.ts'
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
let smtp: SMTPServer
let t: TestApp

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
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
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const port = (smtp.server.address() as AddressInfo).port
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'LunaDate <no-reply@lunadate.com>',
      NOTIFY_DELAY_S: '0',
    },
  })
})
afterAll(async () => {
  await t.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
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
    // NOTIFY_DELAY_S is 0 here: the job mails at once.
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
