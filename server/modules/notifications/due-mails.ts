import { localeOfLanguage } from '#common/locale.ts'
import { type EmailType, emailChoices } from '#common/notifications.ts'
import type { Db, Executor } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import { enqueueMail, type OutgoingMail } from '#server/modules/mail/mail.service.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'
import type { NotificationRecipient } from './notification-mails.ts'
import { claimNotification, type MailedMember } from './notifications.queries.ts'
import type { UnsubscribeTokens } from './unsubscribe-tokens.ts'

/** Notification mails written per transaction of a job. */
export const MAIL_BATCH = 200

/** What a job says to one member it found due. */
interface Notice {
  /** The once-only key (ADR 19). */
  key: string
  kind: string
  type: EmailType
  /**
   * The mail, written in the job's transaction (which it may use, as for a fresh link); null when
   * there is nothing to say (the key is kept: nothing is said later either).
   */
  mail: ((recipient: NotificationRecipient, tx: Executor) => OutgoingMail | Promise<OutgoingMail>) | null
}

/**
 * The notification jobs' one loop: writes the due mails in batches, each with its once-only key in
 * the same transaction; the key is claimed even when the type is off (turning it on later mails no
 * old news). `select` is called until it returns less than a batch.
 */
export function dueMailer(
  db: Db,
  deps: { now: Clock; sites: SitesService; tokens: UnsubscribeTokens; kick: () => void },
) {
  return async function mailDue<Row extends MailedMember>(
    select: (tx: Executor, at: Date) => Promise<Row[]>,
    notice: (row: Row) => Notice,
  ): Promise<{ sent: number }> {
    let sent = 0
    for (;;) {
      const at = deps.now()
      const batch = await db.transaction(async (tx) => {
        const due = await select(tx, at)
        for (const row of due) {
          const { key, kind, type, mail } = notice(row)
          if (!(await claimNotification(tx, { key, userId: row.userId, kind }, at))) continue
          if (!mail || !emailChoices(row.settings)[type]) continue
          const site = deps.sites.byId(row.siteId)
          const recipient: NotificationRecipient = {
            site,
            origin: deps.sites.origin(site),
            locale: localeOfLanguage(row.language),
            to: row.email,
            name: row.name,
            type,
            unsubscribeToken: deps.tokens.make(row.userId, type),
          }
          await enqueueMail(tx, await mail(recipient, tx))
          sent++
        }
        return due.length
      })
      if (batch < MAIL_BATCH) break
    }
    if (sent > 0) deps.kick()
    return { sent }
  }
}
