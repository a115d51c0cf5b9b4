import { and, asc, count, desc, eq, gt, gte, min, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { MessagePayload } from '#common/schemas/chat-send.ts'
import { type Executor, queryRows } from '#server/db/client.ts'
import { messages } from '#server/db/schema/chat.ts'
import { photos, profiles } from '#server/db/schema/members.ts'
import { memberNotes, operatorAnswers, operatorQueue } from '#server/db/schema/operators.ts'
import { staff } from '#server/db/schema/staff.ts'

const INBOX_PAGE = 50

const member = alias(profiles, 'member')
const fictional = alias(profiles, 'fictional')
const memberPhoto = alias(photos, 'member_photo')
const fictionalPhoto = alias(photos, 'fictional_photo')

/** The conversations waiting longest, with both profiles and the member's last words. */
export function selectInbox(db: Executor) {
  return db
    .select({
      conversation: operatorQueue.conversationId,
      siteId: operatorQueue.siteId,
      waitingSince: operatorQueue.waitingSince,
      claimedBy: operatorQueue.claimedBy,
      claimExpiresAt: operatorQueue.claimExpiresAt,
      member: { id: member.id, name: member.name, birthDate: member.birthDate, country: member.country },
      memberThumb: memberPhoto.thumbFilename,
      memberPhotoStatus: memberPhoto.status,
      fictional: {
        id: fictional.id,
        name: fictional.name,
        birthDate: fictional.birthDate,
        country: fictional.country,
      },
      fictionalThumb: fictionalPhoto.thumbFilename,
      askedRealAt: operatorQueue.askedRealAt,
      last: sql<{ kind: string; body: string | null; payload: MessagePayload | null } | null>`(select
          jsonb_build_object('kind', m.kind, 'body', m.body, 'payload', m.payload) from ${messages} m
          where m.conversation_id = ${operatorQueue.conversationId} order by m.id desc limit 1)`,
    })
    .from(operatorQueue)
    .innerJoin(member, eq(member.userId, operatorQueue.memberUserId))
    .innerJoin(fictional, eq(fictional.userId, operatorQueue.fictionalUserId))
    .leftJoin(memberPhoto, eq(memberPhoto.id, member.mainPhotoId))
    .leftJoin(fictionalPhoto, eq(fictionalPhoto.id, fictional.mainPhotoId))
    .orderBy(asc(operatorQueue.waitingSince), asc(operatorQueue.conversationId))
    .limit(INBOX_PAGE)
}

/** How many wait on a site, and since when the oldest (through the site's index). */
export async function selectSiteWait(db: Executor, siteId: number) {
  const [row] = await db
    .select({ waiting: count(), oldest: min(operatorQueue.waitingSince) })
    .from(operatorQueue)
    .where(eq(operatorQueue.siteId, siteId))
  return { waiting: Number(row?.waiting ?? 0), oldest: row?.oldest ?? null }
}

/**
 * Claims a waiting conversation (the given one, or the one waiting longest) for an operator until
 * `until`: unclaimed, or a claim run out, or already theirs. Rows another claim holds this instant
 * are skipped, so two operators never get the same one. Answers the conversation, or null.
 */
export async function claim(
  db: Executor,
  staffId: number,
  conversation: number | undefined,
  at: Date,
  until: Date,
): Promise<number | null> {
  const rows = await queryRows<{ conversation_id: number }>(
    db,
    sql`
    update ${operatorQueue} set claimed_by = ${staffId}, claim_expires_at = ${until}
    where conversation_id = (
      select q.conversation_id from ${operatorQueue} q
      where ${conversation === undefined ? sql`true` : sql`q.conversation_id = ${conversation}`}
        and (q.claimed_by is null or q.claim_expires_at < ${at} or q.claimed_by = ${staffId})
      order by q.waiting_since, q.conversation_id
      limit 1 for update skip locked)
    returning conversation_id`,
  )
  return rows[0] ? Number(rows[0].conversation_id) : null
}

/** Gives back the operator's other claims (one conversation at a time). */
export async function releaseOtherClaims(db: Executor, staffId: number, keep: number | null) {
  await db
    .update(operatorQueue)
    .set({ claimedBy: null, claimExpiresAt: null })
    .where(
      keep === null
        ? eq(operatorQueue.claimedBy, staffId)
        : and(eq(operatorQueue.claimedBy, staffId), sql`${operatorQueue.conversationId} <> ${keep}`),
    )
}

/** The operator's live claim on a conversation, with its queue row. */
export function selectClaim(db: Executor, staffId: number, conversation: number, at: Date) {
  return db
    .select()
    .from(operatorQueue)
    .where(
      and(
        eq(operatorQueue.conversationId, conversation),
        eq(operatorQueue.claimedBy, staffId),
        gt(operatorQueue.claimExpiresAt, at),
      ),
    )
    .then((rows) => rows[0] ?? null)
}

/** The language a member reads the site in (the disclosure in an answer is in it). */
export async function selectMemberLanguage(db: Executor, userId: number): Promise<string> {
  const [row] = await queryRows<{ language: string }>(
    db,
    sql`select language from users where id = ${userId}`,
  )
  return row?.language ?? 'en'
}

export function selectPublicProfile(db: Executor, userId: number) {
  return db
    .select()
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .then((rows) => rows[0] ?? null)
}

export function selectActivePhotos(db: Executor, profileId: number) {
  return db
    .select({ thumb: photos.thumbFilename })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), eq(photos.status, 'active')))
    .orderBy(asc(photos.position))
}

/** The conversation's last messages, newest first. */
export function selectConversationMessages(db: Executor, conversation: number, limit: number) {
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
    .where(eq(messages.conversationId, conversation))
    .orderBy(desc(messages.id))
    .limit(limit)
}

/** A voice note's file in a conversation (issue 58), null for any other message. */
export async function selectVoiceFile(db: Executor, conversation: number, messageId: number) {
  const [row] = await db
    .select({ file: messages.mediaFile })
    .from(messages)
    .where(
      and(eq(messages.conversationId, conversation), eq(messages.id, messageId), eq(messages.kind, 'voice')),
    )
  return row?.file ?? null
}

export function selectNotes(db: Executor, memberUserId: number) {
  return db
    .select({ id: memberNotes.id, text: memberNotes.text, by: staff.email, at: memberNotes.createdAt })
    .from(memberNotes)
    .innerJoin(staff, eq(staff.id, memberNotes.staffId))
    .where(eq(memberNotes.memberUserId, memberUserId))
    .orderBy(desc(memberNotes.createdAt))
    .limit(50)
}

export async function insertNote(db: Executor, values: typeof memberNotes.$inferInsert) {
  const [row] = await db.insert(memberNotes).values(values).returning({ id: memberNotes.id })
  return row.id
}

export async function insertAnswer(db: Executor, values: typeof operatorAnswers.$inferInsert) {
  await db.insert(operatorAnswers).values(values)
}

/** An operator's answers since a time, and the median of how long those members had waited. */
export async function selectOperatorFigures(db: Executor, staffId: number, hourAgo: Date, dayAgo: Date) {
  const [hour] = await db
    .select({ n: count() })
    .from(operatorAnswers)
    .where(and(eq(operatorAnswers.staffId, staffId), gte(operatorAnswers.answeredAt, hourAgo)))
  const [day] = await db
    .select({
      median: sql<
        number | null
      >`percentile_cont(0.5) within group (order by ${operatorAnswers.waitedSeconds})`,
    })
    .from(operatorAnswers)
    .where(and(eq(operatorAnswers.staffId, staffId), gte(operatorAnswers.answeredAt, dayAgo)))
  return {
    answers: Number(hour?.n ?? 0),
    median: day?.median === null || day?.median === undefined ? null : Number(day.median),
  }
}
