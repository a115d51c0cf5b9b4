import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Db, Executor } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import {
  insertMail,
  insertSms,
  markFailed,
  markSent,
  markSmsFailed,
  markSmsSent,
  type OutgoingMail,
  selectPendingForUpdate,
  selectPendingSmsForUpdate,
  selectRecentMails,
  selectRecentSms,
} from './mail.queries.ts'
import type { SmsProvider } from './sms-provider.ts'

export type { OutgoingMail }
export type MailService = ReturnType<typeof createMailService>

/** SMS codes are worth little late; mails are tried for about ten hours, the backoff below. */
const MAX_ATTEMPTS = 5
const MAIL_MAX_ATTEMPTS = 15
const RETRY_INTERVAL_MS = 30_000
const MAX_BACKOFF_MS = 3_600_000

/**
 * When a mail that failed its `attempts`-th time (1-based) is tried again: 30 s, doubling up to an
 * hour, so a mail server down for a while is not hammered, and its mails go out when it is back.
 */
function mailRetryAt(failedAt: Date, attempts: number): Date {
  const delay = Math.min(RETRY_INTERVAL_MS * 2 ** (attempts - 1), MAX_BACKOFF_MS)
  return new Date(failedAt.getTime() + delay)
}
/** A text message not delivered by then is left alone: the codes they carry live 10 minutes. */
const SMS_MAX_AGE_MS = 15 * 60_000

/** Writes a mail into the outbox inside the caller's transaction, so it is never lost. */
export function enqueueMail(tx: Executor, mail: OutgoingMail): Promise<void> {
  return insertMail(tx, mail)
}

/**
 * Writes a text message (SMS) into the SMS outbox inside the caller's transaction; the SMS provider
 * delivers it after the commit (kick), and without one it stays there, beside the mails at /dev/mailbox.
 */
export function enqueueSms(tx: Executor, sms: { siteId: number | null; to: string; text: string }) {
  return insertSms(tx, sms)
}

/**
 * Delivers the outbox by SMTP when SMTP_URL is set, and the SMS outbox by the SMS provider when one
 * is configured; without them both stay in their outboxes, readable at /dev/mailbox outside production.
 */
export function createMailService(
  db: Db,
  options: {
    smtpUrl?: string
    from: string
    log: FastifyBaseLogger
    now: Clock
    sms?: SmsProvider | null
  },
) {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null
  const sms = options.sms ?? null
  let running: Promise<number> | null = null
  let next: Promise<number> | null = null
  let timer: NodeJS.Timeout | null = null

  async function deliverTexts(): Promise<number> {
    if (!sms) return 0
    let sent = 0
    const since = new Date(options.now().getTime() - SMS_MAX_AGE_MS)
    await db.transaction(async (tx) => {
      for (const text of await selectPendingSmsForUpdate(tx, 20, MAX_ATTEMPTS, since)) {
        try {
          const { id } = await sms.send({ to: text.toPhone, text: text.text })
          await markSmsSent(tx, text.id, options.now(), id)
          sent++
        } catch (error) {
          options.log.warn({ smsId: text.id, err: error }, 'sms delivery failed')
          await markSmsFailed(tx, text.id, error instanceof Error ? error.message : String(error))
        }
      }
    })
    return sent
  }

  async function deliverBatch(): Promise<number> {
    const texts = await deliverTexts()
    if (!transport) return texts
    let sent = 0
    await db.transaction(async (tx) => {
      for (const mail of await selectPendingForUpdate(tx, 20, MAIL_MAX_ATTEMPTS, options.now())) {
        try {
          await transport.sendMail({
            from: options.from,
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            headers: mail.headers ?? undefined,
          })
          await markSent(tx, mail.id, options.now())
          sent++
        } catch (error) {
          options.log.warn({ mailId: mail.id, err: error }, 'mail delivery failed')
          const reason = error instanceof Error ? error.message : String(error)
          await markFailed(tx, mail.id, reason, mailRetryAt(options.now(), mail.attempts + 1))
        }
      }
    })
    return sent + texts
  }

  return {
    smtp: transport !== null,
    /**
     * Sends what is pending now. A run already under way may have read the outbox before the
     * caller's mail was committed, so the caller waits for it and then for one more run (shared by
     * every caller that came meanwhile).
     */
    deliverPending(): Promise<number> {
      if (!running) {
        running = deliverBatch().finally(() => {
          running = null
        })
        return running
      }
      next ??= running
        .catch(() => 0)
        .then(() => {
          next = null
          return this.deliverPending()
        })
      return next
    },
    /** After a commit that wrote mails: deliver soon, without making the request wait. */
    kick() {
      if (!transport && !sms) return
      void this.deliverPending().catch((error) => options.log.error({ err: error }, 'mail delivery failed'))
    },
    start() {
      if ((transport || sms) && !timer) timer = setInterval(() => this.kick(), RETRY_INTERVAL_MS).unref()
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = null
      transport?.close()
    },
    recent: (limit = 50) => selectRecentMails(db, limit),
    recentSms: (limit = 20) => selectRecentSms(db, limit),
  }
}
