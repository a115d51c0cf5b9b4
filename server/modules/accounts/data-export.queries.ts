import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { creditLedger, dataExports, pushSubscriptions, sessions } from '#server/db/schema/accounts.ts'
import { conversationMembers, messages } from '#server/db/schema/chat.ts'
import { likes } from '#server/db/schema/likes.ts'
import { photos, profileInterests, profiles, users } from '#server/db/schema/members.ts'
import { payments } from '#server/db/schema/payments.ts'
import { openingMoves, profilePrompts } from '#server/db/schema/profile-prompts.ts'
import { interests } from '#server/db/schema/reference.ts'
import { verifications, verifiedFaces } from '#server/db/schema/verification.ts'
import { profileVoices } from '#server/db/schema/voice-prompts.ts'

export async function insertDataExport(db: Executor, values: typeof dataExports.$inferInsert) {
  const [row] = await db.insert(dataExports).values(values).returning({ id: dataExports.id })
  return row.id
}

/** Whether the member has an export waiting to be prepared. */
export async function hasPendingExport(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'pending')))
    .limit(1)
  return rows.length > 0
}

export async function updateDataExportsExpired(db: Executor, ids: number[]) {
  if (ids.length > 0)
    await db.update(dataExports).set({ status: 'expired' }).where(inArray(dataExports.id, ids))
}

/** The next export waiting to be prepared, locked so that one node prepares it. */
export function lockNextPendingExport(db: Executor) {
  return db
    .select()
    .from(dataExports)
    .where(eq(dataExports.status, 'pending'))
    .orderBy(asc(dataExports.createdAt))
    .limit(1)
    .for('update', { skipLocked: true })
    .then((rows) => rows[0] ?? null)
}

export async function updateDataExport(
  db: Executor,
  id: number,
  values: Partial<typeof dataExports.$inferInsert>,
) {
  await db.update(dataExports).set(values).where(eq(dataExports.id, id))
}

export function selectReadyExport(db: Executor, tokenHash: string) {
  return db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.tokenHash, tokenHash), eq(dataExports.status, 'ready')))
    .then((rows) => rows[0] ?? null)
}

/** Ready exports whose link expired (their files go), or every export of a member (erasure). */
export function selectExportsToRemove(db: Executor, at: Date) {
  return db
    .select({ id: dataExports.id, file: dataExports.file })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, at)))
}

export function selectExportFilesOf(db: Executor, userId: number) {
  return db.select({ file: dataExports.file }).from(dataExports).where(eq(dataExports.userId, userId))
}

/** Everything the export holds of a member, table by table. */
export async function selectMemberData(db: Executor, userId: number) {
  const [account] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
  if (!account) return null
  const profileId = account.profile.id
  const [
    interestRows,
    photoRows,
    messageRows,
    likeRows,
    paymentRows,
    ledgerRows,
    sessionRows,
    pushRows,
    verificationRows,
    verifiedRows,
    voiceRows,
    promptRows,
    moveRows,
  ] = await Promise.all([
    db
      .select({ key: interests.key })
      .from(profileInterests)
      .innerJoin(interests, eq(interests.id, profileInterests.interestId))
      .where(eq(profileInterests.profileId, profileId)),
    db.select().from(photos).where(eq(photos.profileId, profileId)).orderBy(asc(photos.position)),
    db
      .select({
        id: messages.id,
        conversation: messages.conversationId,
        sender: messages.senderUserId,
        kind: messages.kind,
        body: messages.body,
        gift: sql<string | null>`${messages.payload}->>'gift'`,
        file: messages.mediaFile,
        createdAt: messages.createdAt,
        partnerName: profiles.name,
      })
      .from(messages)
      .innerJoin(
        conversationMembers,
        and(
          eq(conversationMembers.conversationId, messages.conversationId),
          eq(conversationMembers.userId, userId),
        ),
      )
      .leftJoin(profiles, eq(profiles.userId, conversationMembers.partnerUserId))
      .orderBy(asc(messages.conversationId), asc(messages.id)),
    db
      .select({
        liker: likes.likerUserId,
        liked: likes.likedUserId,
        createdAt: likes.createdAt,
        name: profiles.name,
      })
      .from(likes)
      .leftJoin(
        profiles,
        sql`${profiles.userId} = case when ${likes.likerUserId} = ${userId} then ${likes.likedUserId} else ${likes.likerUserId} end`,
      )
      .where(or(eq(likes.likerUserId, userId), eq(likes.likedUserId, userId))),
    db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt)),
    db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.id)),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    db
      .select({ createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId)),
    // The live checks' outcomes and dates (issue 37): never the face's embedding.
    db
      .select({
        status: verifications.status,
        reason: verifications.reason,
        createdAt: verifications.createdAt,
        decidedAt: verifications.decidedAt,
      })
      .from(verifications)
      .where(eq(verifications.userId, userId))
      .orderBy(asc(verifications.createdAt)),
    db
      .select({ verifiedAt: verifiedFaces.verifiedAt })
      .from(verifiedFaces)
      .where(eq(verifiedFaces.userId, userId)),
    // The profile's voice prompt (issue 58, point 6), its recording in the zip.
    db.select().from(profileVoices).where(eq(profileVoices.profileId, profileId)),
    // The profile's written prompts (issue 61, point 1), in their order.
    db
      .select({ prompt: profilePrompts.prompt, answer: profilePrompts.answer })
      .from(profilePrompts)
      .where(eq(profilePrompts.profileId, profileId))
      .orderBy(asc(profilePrompts.position)),
    // Its opening moves (point 2), in their order.
    db
      .select({ move: openingMoves.move })
      .from(openingMoves)
      .where(eq(openingMoves.profileId, profileId))
      .orderBy(asc(openingMoves.position)),
  ])
  return {
    ...account,
    interests: interestRows.map((r) => r.key),
    photos: photoRows,
    messages: messageRows,
    likes: likeRows,
    payments: paymentRows,
    ledger: ledgerRows,
    sessions: sessionRows,
    push: pushRows,
    verifications: verificationRows,
    verifiedAt: verifiedRows[0]?.verifiedAt ?? null,
    voicePrompt: voiceRows[0] ?? null,
    prompts: promptRows,
    openingMoves: moveRows.map((r) => r.move),
  }
}

/**
 * The files a member sent in chat, of every kind that stores one, and their profile's voice prompt
 * (they go when the account is erased).
 */
export function selectSentChatPhotos(db: Executor, userId: number) {
  return db
    .select({ file: messages.mediaFile, thumb: sql<string | null>`${messages.payload}->>'thumb'` })
    .from(messages)
    .where(and(eq(messages.senderUserId, userId), sql`${messages.mediaFile} is not null`))
    .unionAll(
      db
        .select({ file: profileVoices.filename, thumb: sql<string | null>`null` })
        .from(profileVoices)
        .innerJoin(profiles, eq(profiles.id, profileVoices.profileId))
        .where(eq(profiles.userId, userId)),
    )
}
