import { and, asc, desc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { mailOutbox, smsOutbox } from '#server/db/schema/accounts.ts'

export interface OutgoingMail {
  siteId: number | null
  to: string
  subject: string
  text: string
  html: string
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>
}

export async function insertMail(db: Executor, mail: OutgoingMail) {
  await db.insert(mailOutbox).values({
    siteId: mail.siteId,
    toAddress: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers ?? null,
  })
}

/** Unsent mails with tries left and due (`at`), locked for this sender (other nodes skip them). */
export function selectPendingForUpdate(db: Executor, limit: number, maxAttempts: number, at: Date) {
  return db
    .select()
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lt(mailOutbox.attempts, maxAttempts),
        or(isNull(mailOutbox.retryAt), lte(mailOutbox.retryAt, at)),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true })
}

export async function markSent(db: Executor, id: number, at: Date) {
  await db
    .update(mailOutbox)
    .set({ sentAt: at, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
    .where(eq(mailOutbox.id, id))
}

export async function markFailed(db: Executor, id: number, error: string, retryAt: Date) {
  await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: error.slice(0, 500), retryAt })
    .where(eq(mailOutbox.id, id))
}

export function selectRecentMails(db: Executor, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit)
}

export async function insertSms(db: Executor, sms: { siteId: number | null; to: string; text: string }) {
  await db.insert(smsOutbox).values({ siteId: sms.siteId, toPhone: sms.to, text: sms.text })
}

export function selectRecentSms(db: Executor, limit: number) {
  return db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit)
}

/**
 * Unsent text messages with tries left, written since `since` (a code is worth nothing later), locked
 * for this sender (other nodes skip them).
 */
export function selectPendingSmsForUpdate(db: Executor, limit: number, maxAttempts: number, since: Date) {
  return db
    .select()
    .from(smsOutbox)
    .where(and(isNull(smsOutbox.sentAt), lt(smsOutbox.attempts, maxAttempts), gt(smsOutbox.createdAt, since)))
    .orderBy(asc(smsOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true })
}

export async function markSmsSent(db: Executor, id: number, at: Date, providerId: string) {
  await db
    .update(smsOutbox)
    .set({ sentAt: at, providerId, attempts: sql`${smsOutbox.attempts} + 1`, lastError: null })
    .where(eq(smsOutbox.id, id))
}

export async function markSmsFailed(db: Executor, id: number, error: string) {
  await db
    .update(smsOutbox)
    .set({ attempts: sql`${smsOutbox.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(eq(smsOutbox.id, id))
}
