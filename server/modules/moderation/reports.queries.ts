import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { ReportContext } from '#common/schemas/moderation.ts'
import type { Executor } from '#server/db/client.ts'
import { sessions } from '#server/db/schema/accounts.ts'
import { conversationMembers, messages } from '#server/db/schema/chat.ts'
import { complaints } from '#server/db/schema/complaints.ts'
import { photos, profiles, users } from '#server/db/schema/members.ts'
import { paymentMandates } from '#server/db/schema/payments.ts'

/** How many reports a queue page holds, and how many messages of their conversation it shows. */
const REPORT_PAGE = 20
const REPORT_MESSAGES = 20

const inQueue = sql`${complaints.status} in ('open', 'appealed')`

/** The reports waiting longest (open ones and appeals), with the profile they name. */
export function selectReportQueue(db: Executor) {
  return db
    .select({
      report: complaints,
      profile: {
        id: profiles.id,
        userId: profiles.userId,
        name: profiles.name,
        birthDate: profiles.birthDate,
        country: profiles.country,
        about: profiles.about,
        fictional: profiles.fictional,
      },
      accountStatus: users.status,
      suspendedUntil: users.suspendedUntil,
      siteId: users.siteId,
    })
    .from(complaints)
    .leftJoin(profiles, eq(profiles.id, complaints.reportedProfileId))
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(inQueue)
    .orderBy(asc(complaints.queuedAt), asc(complaints.id))
    .limit(REPORT_PAGE)
}

export async function countReportQueue(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(complaints).where(inQueue)
  return Number(row?.n ?? 0)
}

/** Reports about each of these profiles filed before the given ones. */
export async function countEarlierReports(db: Executor, pairs: Array<{ profileId: number; before: number }>) {
  if (pairs.length === 0) return new Map<number, number>()
  const rows = await db
    .select({ profileId: complaints.reportedProfileId, id: complaints.id })
    .from(complaints)
    .where(inArray(complaints.reportedProfileId, [...new Set(pairs.map((p) => p.profileId))]))
  return new Map(
    pairs.map((p) => [p.before, rows.filter((r) => r.profileId === p.profileId && r.id < p.before).length]),
  )
}

export function selectPhotosOf(db: Executor, profileIds: number[]) {
  if (profileIds.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(photos)
    .where(inArray(photos.profileId, profileIds))
    .orderBy(asc(photos.position), asc(photos.id))
}

/** The last messages of the conversation between two members, newest first. */
export function selectMessagesBetween(db: Executor, userId: number, partnerUserId: number) {
  return db
    .select({
      id: messages.id,
      sender: messages.senderUserId,
      kind: messages.kind,
      body: messages.body,
      payload: messages.payload,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, messages.conversationId),
        eq(conversationMembers.userId, userId),
        eq(conversationMembers.partnerUserId, partnerUserId),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(REPORT_MESSAGES)
}

/**
 * A chat file's stored names (a photo with its thumbnail, a voice note) when the message is one of
 * the conversation between a report's reporter and the member it names; null otherwise (another
 * conversation, no file).
 */
export async function selectReportPhoto(db: Executor, reportId: number, messageId: number) {
  const [row] = await db
    .select({ filename: messages.mediaFile, thumb: sql<string | null>`${messages.payload}->>'thumb'` })
    .from(complaints)
    .innerJoin(profiles, eq(profiles.id, complaints.reportedProfileId))
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.userId, complaints.userId),
        eq(conversationMembers.partnerUserId, profiles.userId),
      ),
    )
    .innerJoin(
      messages,
      and(eq(messages.conversationId, conversationMembers.conversationId), eq(messages.id, messageId)),
    )
    .where(eq(complaints.id, reportId))
    .limit(1)
  return row?.filename ? { filename: row.filename, thumb: row.thumb } : null
}

/** A report with its member concerned, locked for a decision or an appeal. */
export function lockReport(db: Executor, where: { id: number } | { appealTokenHash: string }) {
  return db
    .select({
      report: complaints,
      profileId: profiles.id,
      profileName: profiles.name,
      about: profiles.about,
      userId: users.id,
      email: users.email,
      language: users.language,
      accountStatus: users.status,
      deletedAt: users.deletedAt,
      siteId: users.siteId,
    })
    .from(complaints)
    .leftJoin(profiles, eq(profiles.id, complaints.reportedProfileId))
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(
      'id' in where ? eq(complaints.id, where.id) : eq(complaints.appealTokenHash, where.appealTokenHash),
    )
    .for('update', { of: complaints })
    .then((rows) => rows[0] ?? null)
}

export async function updateReport(
  db: Executor,
  id: number,
  values: Partial<typeof complaints.$inferInsert>,
) {
  await db.update(complaints).set(values).where(eq(complaints.id, id))
}

/** The reporter's account, when a member reported. */
export function selectReporter(db: Executor, userId: number) {
  return db
    .select({ email: users.email, language: users.language, name: profiles.name })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .then((rows) => rows[0] ?? null)
}

/**
 * Takes a member out of every view of others and ends their sessions at once: a ban (status
 * `banned`, for good) or a suspension (until a time). Saved cards and direct-debit mandates are
 * revoked, so nothing is charged again.
 */
export async function restrictAccount(
  db: Executor,
  userId: number,
  restriction: { ban: true; at: Date } | { ban: false; until: Date },
) {
  await db
    .update(users)
    .set(restriction.ban ? { status: 'banned' } : { suspendedUntil: restriction.until })
    .where(eq(users.id, userId))
  await db.update(profiles).set({ hidden: true }).where(eq(profiles.userId, userId))
  await db.delete(sessions).where(eq(sessions.userId, userId))
  if (restriction.ban)
    await db
      .update(paymentMandates)
      .set({ revokedAt: restriction.at })
      .where(and(eq(paymentMandates.userId, userId), isNull(paymentMandates.revokedAt)))
}

/**
 * Lifts a ban or suspension (an appeal that succeeds): the account's status before the ban comes
 * back, and the profile shows again unless the account is deleted.
 */
export async function liftRestriction(db: Executor, userId: number, statusBefore: string) {
  const [user] = await db
    .update(users)
    .set({ status: statusBefore, suspendedUntil: null })
    .where(eq(users.id, userId))
    .returning({ deletedAt: users.deletedAt })
  if (!user?.deletedAt) await db.update(profiles).set({ hidden: false }).where(eq(profiles.userId, userId))
}

/** Suspensions that ended: their profiles show again (a scheduled job). */
export async function endSuspensions(db: Executor, at: Date): Promise<number> {
  const ended = await db
    .update(users)
    .set({ suspendedUntil: null })
    .where(
      and(lt(users.suspendedUntil, at), or(eq(users.status, 'active'), eq(users.status, 'not_confirmed'))),
    )
    .returning({ id: users.id, deletedAt: users.deletedAt })
  const shown = ended.filter((u) => !u.deletedAt).map((u) => u.id)
  if (shown.length > 0)
    await db.update(profiles).set({ hidden: false }).where(inArray(profiles.userId, shown))
  return ended.length
}

export async function setProfileAbout(db: Executor, profileId: number, about: string | null) {
  // A hidden text takes its translations with it.
  await db.update(profiles).set({ about, aboutTranslations: null }).where(eq(profiles.id, profileId))
}

/** A member's profile and site, to open a case about them. */
export async function selectMemberForCase(db: Executor, userId: number) {
  const [row] = await db
    .select({ profileId: profiles.id, siteId: users.siteId })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, userId), eq(profiles.fictional, false)))
  return row ?? null
}

/**
 * A case opened without a member's report: from a signal (reason `signal`), or by a moderator from
 * the member's file and decided at once (reason `staff`).
 */
export async function insertCase(
  db: Executor,
  values: {
    siteId: number
    profileId: number
    name: string
    email: string
    reason: 'signal' | 'staff'
    context: ReportContext
    at: Date
  },
) {
  const [row] = await db
    .insert(complaints)
    .values({
      siteId: values.siteId,
      userId: null,
      reportedProfileId: values.profileId,
      name: values.name,
      email: values.email,
      reason: values.reason,
      // Nobody wrote in it: the context says what opened it.
      message: '',
      context: values.context,
      createdAt: values.at,
      queuedAt: values.at,
    })
    .returning({ id: complaints.id })
  return row.id
}
