// npm run test:faults (ADR 22): the mail server is down for a while. Mails wait in the outbox and
// are tried again later, further apart each time; none is lost or sent twice when it is back.
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '#server/db/schema/accounts.ts'
import { signupMember } from '../support/accounts.ts'
import { startSmtpReceiver } from '../support/smtp.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

const received: string[] = []
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>> | null = null
let port = 0
let t: TestApp
let at = new Date('2026-03-02T09:00:00Z')
const later = (seconds: number) => {
  at = new Date(at.getTime() + seconds * 1000)
}

/** The mail server, on the same port each time it comes back. */
async function startSmtp() {
  smtp = await startSmtpReceiver((mail) => {
    received.push(Array.isArray(mail.to) ? mail.to[0].text : (mail.to?.text ?? ''))
  }, port)
  port = smtp.port
}
const stopSmtp = async () => {
  await smtp?.close()
  smtp = null
}

beforeAll(async () => {
  await startSmtp()
  t = await createTestApp({ clock: () => at, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } })
})
afterAll(async () => {
  await t.close()
  await stopSmtp()
})

describe('the mail server down', () => {
  it('keeps every mail, tries again later with a growing wait, and sends each once when it is back', async () => {
    await stopSmtp()
    const members = [await signupMember(t.app), await signupMember(t.app), await signupMember(t.app)]
    const addresses = members.map((m) => m.email)
    const outbox = () =>
      t.app.database.db
        .select({ attempts: mailOutbox.attempts, sentAt: mailOutbox.sentAt, retryAt: mailOutbox.retryAt })
        .from(mailOutbox)
        .where(inArray(mailOutbox.toAddress, addresses))
    await t.app.services.mail.deliverPending()
    for (const mail of await outbox())
      expect(mail).toEqual({ attempts: 1, sentAt: null, retryAt: new Date(at.getTime() + 30_000) })
    // Not tried again before its time.
    later(20)
    await t.app.services.mail.deliverPending()
    for (const mail of await outbox()) expect(mail.attempts).toBe(1)
    later(11)
    await t.app.services.mail.deliverPending()
    for (const mail of await outbox())
      expect(mail).toMatchObject({ attempts: 2, retryAt: new Date(at.getTime() + 60_000) })

    // Back after a long outage: more failures meanwhile, the waits doubling up to an hour.
    for (const wait of [61, 121, 241, 481, 961, 1921, 3601]) {
      later(wait)
      await t.app.services.mail.deliverPending()
    }
    for (const mail of await outbox())
      expect(mail).toMatchObject({ attempts: 9, retryAt: new Date(at.getTime() + 3_600_000) })
    await startSmtp()
    later(3601)
    await t.app.services.mail.deliverPending()
    await t.app.services.mail.deliverPending()
    later(3601)
    await t.app.services.mail.deliverPending()
    expect(received.filter((to) => addresses.includes(to)).sort()).toEqual([...addresses].sort())
    for (const mail of await outbox()) expect(mail).toMatchObject({ attempts: 10, sentAt: expect.any(Date) })
  })
})
