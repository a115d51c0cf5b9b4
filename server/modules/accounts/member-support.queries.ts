import { and, desc, eq, gt, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { creditLedger, mailOutbox, sessions } from '#server/db/schema/accounts.ts'
import { complaints } from '#server/db/schema/complaints.ts'
import { photos, profiles, users } from '#server/db/schema/members.ts'
import { memberSignals } from '#server/db/schema/moderation.ts'
import { payments } from '#server/db/schema/payments.ts'
import { sites } from '#server/db/schema/sites.ts'
import { spendingLimits } from '#server/db/schema/spending.ts'
import { memberNumberOf, paymentReferenceIs } from '#server/db/support-lookup.ts'

const HITS = 20

const hitColumns = {
  userId: users.id,
  profileId: profiles.id,
  name: profiles.name,
  email: users.email,
  siteId: users.siteId,
  status: users.status,
  signupDate: users.signupDate,
}

/**
 * Members matching what support typed: an id (of the account or the profile), an e-mail address
 * (every site's), a payment's id or provider reference, or else the start of the name. Each look-up
 * uses an index.
 */
export async function lookUpMembers(db: Executor, q: string) {
  const base = () => db.select(hitColumns).from(users).innerJoin(profiles, eq(profiles.userId, users.id))
  const n = memberNumberOf(q)
  if (n !== null) {
    // Each through its own primary key (an `or` across the two tables would read them all).
    const [byAccount, byProfile] = await Promise.all([
      base().where(eq(users.id, n)),
      base().where(eq(profiles.id, n)),
    ])
    return [...byAccount, ...byProfile.filter((p) => p.userId !== n)]
  }
  if (q.includes('@')) {
    // Through each site's (site_id, lower(email)) index.
    return base()
      .innerJoin(sites, eq(sites.id, users.siteId))
      .where(sql`lower(${users.email}) = ${q.toLowerCase()}`)
      .limit(HITS)
  }
  const byPayment = await base()
    .innerJoin(payments, eq(payments.userId, users.id))
    .where(paymentReferenceIs(q))
    .limit(HITS)
  if (byPayment.length > 0) return byPayment
  const prefix = `${q.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`
  return base().where(sql`lower(${profiles.name}) like ${prefix}`).orderBy(desc(users.signupDate)).limit(HITS)
}

export function selectMemberAccount(db: Executor, userId: number) {
  return db
    .select({ user: users, profile: profiles })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .then((rows) => rows[0] ?? null)
}

export function selectMemberPhotos(db: Executor, profileId: number) {
  return db
    .select({ id: photos.id, thumb: photos.thumbFilename, status: photos.status })
    .from(photos)
    .where(eq(photos.profileId, profileId))
    .orderBy(photos.position, photos.id)
}

export function selectLiveSessions(db: Executor, userId: number, at: Date) {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, at)))
    .orderBy(desc(sessions.createdAt))
    .limit(50)
}

export function selectMemberPayments(db: Executor, userId: number) {
  return db
    .select({
      id: payments.id,
      providerId: payments.providerId,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
      credits: payments.credits,
      method: payments.method,
      createdAt: payments.createdAt,
      withdrawnAt: payments.withdrawnAt,
      refundAmount: payments.refundAmount,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(100)
}

export function selectLedger(db: Executor, userId: number) {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.id))
    .limit(100)
}

/** The mails sent to the member's address (the outbox keeps them by address). */
export function selectMailsTo(db: Executor, email: string) {
  return db
    .select({
      id: mailOutbox.id,
      subject: mailOutbox.subject,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.id))
    .limit(50)
}

/** Reports about a member's profile and the ones they filed, newest first. */
export function selectReportsOfMember(db: Executor, userId: number, profileId: number) {
  return db
    .select({
      id: complaints.id,
      reportedProfileId: complaints.reportedProfileId,
      reason: complaints.reason,
      status: complaints.status,
      outcome: complaints.outcome,
      createdAt: complaints.createdAt,
    })
    .from(complaints)
    .where(or(eq(complaints.reportedProfileId, profileId), eq(complaints.userId, userId)))
    .orderBy(desc(complaints.id))
    .limit(50)
}

/** The moderators' signals about a member, newest first. */
export function selectSignalsOfMember(db: Executor, userId: number) {
  return db
    .select({
      id: memberSignals.id,
      kind: memberSignals.kind,
      createdAt: memberSignals.createdAt,
      reviewedAt: memberSignals.reviewedAt,
    })
    .from(memberSignals)
    .where(eq(memberSignals.userId, userId))
    .orderBy(desc(memberSignals.id))
    .limit(50)
}

/** The limits the member set on their own spending (ADR 32), or null. */
export async function selectSpendingLimits(db: Executor, userId: number) {
  const [row] = await db.select().from(spendingLimits).where(eq(spendingLimits.userId, userId))
  return row ?? null
}
