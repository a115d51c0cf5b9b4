import { and, asc, count, eq, gte, isNull, lt, sql } from 'drizzle-orm'
import type { ReportContext } from '#common/schemas/moderation.ts'
import type { Executor } from '#server/db/client.ts'
import { profiles, users } from '#server/db/schema/members.ts'
import { memberSignals, openingMessages } from '#server/db/schema/moderation.ts'
import { insertCase } from './reports.queries.ts'

const SIGNAL_PAGE = 50

export async function insertSignal(
  db: Executor,
  values: { userId: number; kind: string; detail: Record<string, unknown>; createdAt: Date },
) {
  await db.insert(memberSignals).values(values).onConflictDoNothing()
}

/** Records an opening and answers in how many conversations the sender opened with it since `since`. */
export async function recordOpening(
  db: Executor,
  opening: { senderUserId: number; textHash: string; conversationId: number; createdAt: Date },
  since: Date,
): Promise<number> {
  await db.insert(openingMessages).values(opening).onConflictDoNothing()
  const [row] = await db
    .select({ n: count() })
    .from(openingMessages)
    .where(
      and(
        eq(openingMessages.senderUserId, opening.senderUserId),
        eq(openingMessages.textHash, opening.textHash),
        gte(openingMessages.createdAt, since),
      ),
    )
  return Number(row?.n ?? 0)
}

export async function forgetOpenings(db: Executor, before: Date) {
  await db.delete(openingMessages).where(lt(openingMessages.createdAt, before))
}

/** The open signals, oldest first, with their member. */
export function selectSignalQueue(db: Executor) {
  return db
    .select({
      id: memberSignals.id,
      kind: memberSignals.kind,
      detail: memberSignals.detail,
      createdAt: memberSignals.createdAt,
      userId: users.id,
      siteId: users.siteId,
      accountStatus: users.status,
      profileId: profiles.id,
      name: profiles.name,
    })
    .from(memberSignals)
    .innerJoin(users, eq(users.id, memberSignals.userId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(isNull(memberSignals.reviewedAt))
    .orderBy(asc(memberSignals.createdAt), asc(memberSignals.id))
    .limit(SIGNAL_PAGE)
}

export async function countSignalQueue(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberSignals).where(isNull(memberSignals.reviewedAt))
  return Number(row?.n ?? 0)
}

export function lockSignal(db: Executor, id: number) {
  return db
    .select({
      signal: memberSignals,
      siteId: users.siteId,
      profileId: profiles.id,
      name: profiles.name,
    })
    .from(memberSignals)
    .innerJoin(users, eq(users.id, memberSignals.userId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(memberSignals.id, id))
    .for('update', { of: memberSignals })
    .then((rows) => rows[0] ?? null)
}

/** A row of member_signals. */
export type MemberSignal = typeof memberSignals.$inferSelect

/** A signal as it is, unlocked, or null. */
export function selectSignal(db: Executor, id: number) {
  return db
    .select()
    .from(memberSignals)
    .where(eq(memberSignals.id, id))
    .then((rows) => rows[0] ?? null)
}

/**
 * Locks the open signals of many sign-ups from one address, by id (so two moderators lock them in
 * the same order), with their member's site.
 */
export function lockOpenBurstSignals(db: Executor, ip: string) {
  return db
    .select({ signal: memberSignals, siteId: users.siteId })
    .from(memberSignals)
    .innerJoin(users, eq(users.id, memberSignals.userId))
    .where(
      and(
        isNull(memberSignals.reviewedAt),
        eq(memberSignals.kind, 'signup_burst'),
        sql`${memberSignals.detail}->>'ip' = ${ip}`,
      ),
    )
    .orderBy(asc(memberSignals.id))
    .for('update', { of: memberSignals })
}

export async function markSignalReviewed(db: Executor, id: number, staffId: number | null, at: Date) {
  await db.update(memberSignals).set({ reviewedAt: at, reviewedBy: staffId }).where(eq(memberSignals.id, id))
}

/** The site and profile of a member a case opens on, or null (no profile). */
export function selectMemberOfCase(db: Executor, userId: number) {
  return db
    .select({ siteId: users.siteId, profileId: profiles.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .then((rows) => rows[0] ?? null)
}

/** A case in the report queue opened from a signal (no reporter to tell). */
export function insertSignalCase(
  db: Executor,
  values: { siteId: number; profileId: number; supportEmail: string; context: ReportContext; at: Date },
) {
  return insertCase(db, { ...values, name: 'Signal', email: values.supportEmail, reason: 'signal' })
}

/**
 * Lets a member start conversations again once a moderator has looked: no scam-score signal about
 * them is still open (ADR 29).
 */
export async function releaseOpenings(db: Executor, userId: number) {
  await db
    .update(users)
    .set({ openingsHeldSince: null })
    .where(
      and(
        eq(users.id, userId),
        sql`not exists (select 1 from ${memberSignals} s where s.user_id = ${userId} and s.kind = 'scam_score' and s.reviewed_at is null)`,
      ),
    )
}
