// Verified humans (issue 37): the attempts, their frames, the verified faces and the profile's badge.
import { and, asc, count, desc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { photos, profiles, users } from '#server/db/schema/members.ts'
import { verificationFrames, verifications, verifiedFaces } from '#server/db/schema/verification.ts'

export type VerificationRow = typeof verifications.$inferSelect

/** The member's profile as a check needs it: fictional or not, its main photo and other active ones. */
export async function selectProfileForCheck(db: Executor, userId: number) {
  const [profile] = await db
    .select({
      id: profiles.id,
      fictional: profiles.fictional,
      mainPhotoId: profiles.mainPhotoId,
      verified: profiles.verified,
      verifiedPhotoId: profiles.verifiedPhotoId,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  if (!profile) return null
  const active = await db
    .select({ id: photos.id, filename: photos.filename })
    .from(photos)
    .where(and(eq(photos.profileId, profile.id), eq(photos.status, 'active')))
    .orderBy(asc(photos.position), asc(photos.id))
  return { ...profile, photos: active }
}

export function selectLatestAttempt(db: Executor, userId: number) {
  return db
    .select()
    .from(verifications)
    .where(eq(verifications.userId, userId))
    .orderBy(desc(verifications.createdAt), desc(verifications.id))
    .limit(1)
    .then((rows) => rows[0] ?? null)
}

/** The member's attempts since `since`, by how they ended. */
export async function countAttemptsSince(db: Executor, userId: number, since: Date) {
  const rows = await db
    .select({ status: verifications.status, n: count() })
    .from(verifications)
    .where(and(eq(verifications.userId, userId), gte(verifications.createdAt, since)))
    .groupBy(verifications.status)
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0
  return {
    started: rows.reduce((sum, r) => sum + r.n, 0),
    failed: of('failed'),
    review: of('review'),
  }
}

export function lockAttempt(db: Executor, id: number) {
  return db
    .select()
    .from(verifications)
    .where(eq(verifications.id, id))
    .for('update')
    .then((rows) => rows[0] ?? null)
}

/** Ends the member's open attempts (another begins) and deletes their frames. */
export async function abandonOpen(db: Executor, userId: number) {
  const ended = await db
    .update(verifications)
    .set({ status: 'abandoned' })
    .where(and(eq(verifications.userId, userId), eq(verifications.status, 'open')))
    .returning({ id: verifications.id })
  if (ended.length > 0)
    await db.delete(verificationFrames).where(
      inArray(
        verificationFrames.verificationId,
        ended.map((e) => e.id),
      ),
    )
}

export async function insertAttempt(
  db: Executor,
  values: { userId: number; poses: string[]; createdAt: Date },
) {
  const [row] = await db.insert(verifications).values(values).returning()
  return row
}

export async function upsertFrame(
  db: Executor,
  frame: { verificationId: number; pose: number; n: number; image: Buffer },
) {
  await db
    .insert(verificationFrames)
    .values(frame)
    .onConflictDoUpdate({
      target: [verificationFrames.verificationId, verificationFrames.pose, verificationFrames.n],
      set: { image: frame.image },
    })
}

/** How many frames of each pose (0, 1) an attempt holds. */
export async function countFrames(db: Executor, verificationId: number): Promise<[number, number]> {
  const rows = await db
    .select({ pose: verificationFrames.pose, n: count() })
    .from(verificationFrames)
    .where(eq(verificationFrames.verificationId, verificationId))
    .groupBy(verificationFrames.pose)
  return [rows.find((r) => r.pose === 0)?.n ?? 0, rows.find((r) => r.pose === 1)?.n ?? 0]
}

export function selectFrames(db: Executor, verificationId: number) {
  return db
    .select({ pose: verificationFrames.pose, n: verificationFrames.n, image: verificationFrames.image })
    .from(verificationFrames)
    .where(eq(verificationFrames.verificationId, verificationId))
    .orderBy(asc(verificationFrames.pose), asc(verificationFrames.n))
}

export async function deleteFrames(db: Executor, verificationId: number) {
  await db.delete(verificationFrames).where(eq(verificationFrames.verificationId, verificationId))
}

export async function updateAttempt(db: Executor, id: number, values: Partial<VerificationRow>) {
  await db.update(verifications).set(values).where(eq(verifications.id, id))
}

/**
 * Takes the next attempt whose frames are all in for its decision: one node decides it, outside any
 * transaction (the models take seconds); one taken by a node that stopped is taken again after
 * `staleBefore`.
 */
export async function claimNextDeciding(db: Executor, at: Date, staleBefore: Date) {
  const next = db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.status, 'deciding'),
        sql`(${verifications.claimedAt} is null or ${verifications.claimedAt} < ${staleBefore})`,
      ),
    )
    .orderBy(asc(verifications.sentAt), asc(verifications.id))
    .limit(1)
    .for('update', { skipLocked: true })
  const [row] = await db
    .update(verifications)
    .set({ claimedAt: at })
    .where(inArray(verifications.id, next))
    .returning()
  return row ?? null
}

export async function saveVerifiedFace(db: Executor, userId: number, embedding: number[], at: Date) {
  await db
    .insert(verifiedFaces)
    .values({ userId, embedding, verifiedAt: at })
    .onConflictDoUpdate({ target: verifiedFaces.userId, set: { embedding, verifiedAt: at } })
}

export function selectVerifiedFace(db: Executor, userId: number) {
  return db
    .select()
    .from(verifiedFaces)
    .where(eq(verifiedFaces.userId, userId))
    .then((rows) => rows[0] ?? null)
}

/** Verified faces of other accounts, a page at a time by user id (compared in Node, ADR 28). */
export function selectVerifiedFacesAfter(
  db: Executor,
  exceptUserId: number,
  afterUserId: number,
  limit: number,
) {
  // Live accounts only (issue 60): a banned member's face is the ban list's, a deleted one's is gone.
  return db
    .select({ userId: verifiedFaces.userId, embedding: verifiedFaces.embedding })
    .from(verifiedFaces)
    .innerJoin(users, eq(users.id, verifiedFaces.userId))
    .where(
      and(
        ne(verifiedFaces.userId, exceptUserId),
        sql`${verifiedFaces.userId} > ${afterUserId}`,
        sql`${users.status} not in ('banned', 'deleted')`,
      ),
    )
    .orderBy(asc(verifiedFaces.userId))
    .limit(limit)
}

export async function setVerifiedPhoto(db: Executor, userId: number, photoId: number | null) {
  await db.update(profiles).set({ verifiedPhotoId: photoId }).where(eq(profiles.userId, userId))
}

/**
 * Verified members whose main photo is no longer the one their check matched (a new main photo):
 * the job compares the new one with their face.
 */
export function selectMovedMainPhotos(db: Executor, limit: number) {
  return db
    .select({
      userId: profiles.userId,
      mainPhotoId: profiles.mainPhotoId,
      filename: photos.filename,
      embedding: verifiedFaces.embedding,
    })
    .from(profiles)
    .innerJoin(verifiedFaces, eq(verifiedFaces.userId, profiles.userId))
    .leftJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.status, 'active')))
    .where(
      and(
        isNotNull(profiles.verifiedPhotoId),
        sql`${profiles.verifiedPhotoId} is distinct from ${profiles.mainPhotoId}`,
        isNotNull(profiles.mainPhotoId),
      ),
    )
    .limit(limit)
}

/** The checks that wait for a moderator, the oldest first, with the member's name. */
export function selectReviewQueue(db: Executor, limit: number) {
  return db
    .select({
      attempt: verifications,
      profileId: profiles.id,
      name: profiles.name,
      siteId: users.siteId,
    })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.userId))
    .leftJoin(profiles, eq(profiles.userId, verifications.userId))
    .where(eq(verifications.status, 'review'))
    .orderBy(asc(verifications.sentAt), asc(verifications.id))
    .limit(limit)
}

export async function countReviewQueue(db: Executor) {
  const [row] = await db.select({ n: count() }).from(verifications).where(eq(verifications.status, 'review'))
  return row?.n ?? 0
}

/** Checks that waited for a moderator longer than frames may be kept: their frames go. */
export async function expireReviews(db: Executor, before: Date, at: Date) {
  const expired = await db
    .update(verifications)
    .set({ status: 'failed', decidedAt: at, embedding: null })
    .where(and(eq(verifications.status, 'review'), sql`${verifications.sentAt} < ${before}`))
    .returning({ id: verifications.id })
  if (expired.length > 0)
    await db.delete(verificationFrames).where(
      inArray(
        verificationFrames.verificationId,
        expired.map((e) => e.id),
      ),
    )
  return expired.length
}

/** Who a moderator's decision is mailed to, in their language, and on which site. */
export function selectRecipient(db: Executor, userId: number) {
  return db
    .select({ email: users.email, language: users.language, siteId: users.siteId, name: profiles.name })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .then((rows) => rows[0] ?? null)
}

/** The member's photos as the moderator compares them with the frames (active ones, the main first). */
export function selectPhotosOfUser(db: Executor, userId: number) {
  return db
    .select({ filename: photos.filename, main: sql<boolean>`${photos.id} = ${profiles.mainPhotoId}` })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .where(and(eq(profiles.userId, userId), eq(photos.status, 'active')))
    .orderBy(desc(sql`${photos.id} = ${profiles.mainPhotoId}`), asc(photos.position), asc(photos.id))
    .limit(6)
}

/** Locks the member's row: their starts are counted and one is added under it, one at a time. */
export async function lockMember(db: Executor, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}
