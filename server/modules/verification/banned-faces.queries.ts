// The ban list's faces (issue 60, ADR 28): listed at a ban, measured by the job, lifted with the ban.
import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { bannedFaces } from '#server/db/schema/banned-faces.ts'
import { complaints } from '#server/db/schema/complaints.ts'
import { photos, profiles } from '#server/db/schema/members.ts'
import { verifiedFaces } from '#server/db/schema/verification.ts'

/**
 * Lists a banned member's faces under the ban's report: their verified face as it is, and a row per
 * photo they had (not rejected) for the job to measure.
 */
export async function listBannedFaces(db: Executor, ban: { reportId: number; userId: number; at: Date }) {
  const [face] = await db
    .select({ embedding: verifiedFaces.embedding })
    .from(verifiedFaces)
    .where(eq(verifiedFaces.userId, ban.userId))
  const theirs = await db
    .select({ id: photos.id })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .where(and(eq(profiles.userId, ban.userId), ne(photos.status, 'rejected')))
  const base = { reportId: ban.reportId, userId: ban.userId, createdAt: ban.at }
  const rows = [
    ...(face ? [{ ...base, source: 'verification', embedding: face.embedding }] : []),
    ...theirs.map((p) => ({ ...base, source: 'photo', photoId: p.id, embedding: null })),
  ]
  if (rows.length > 0) await db.insert(bannedFaces).values(rows)
  return rows.length
}

/** Lifting a ban lifts its faces. */
export async function liftBannedFaces(db: Executor, reportId: number) {
  await db.delete(bannedFaces).where(eq(bannedFaces.reportId, reportId))
}

/** Photo rows waiting to be measured, with their file (null when the photo is gone). */
export function selectUnmeasured(db: Executor, limit: number) {
  return db
    .select({ id: bannedFaces.id, filename: photos.filename })
    .from(bannedFaces)
    .leftJoin(photos, eq(photos.id, bannedFaces.photoId))
    .where(isNull(bannedFaces.embedding))
    .orderBy(asc(bannedFaces.id))
    .limit(limit)
}

export async function setBannedEmbedding(db: Executor, id: number, embedding: number[] | null) {
  if (embedding) await db.update(bannedFaces).set({ embedding }).where(eq(bannedFaces.id, id))
  else await db.delete(bannedFaces).where(eq(bannedFaces.id, id))
}

/** Every measured face of the list (a few per ban: compared in Node, as verified faces are). */
export function selectMeasured(db: Executor) {
  return db
    .select({ id: bannedFaces.id, reportId: bannedFaces.reportId, embedding: bannedFaces.embedding })
    .from(bannedFaces)
    .where(isNotNull(bannedFaces.embedding))
}

/**
 * What a moderator sees of the banned faces a check or a photo matched: when and why the member was
 * banned (the statement of reasons), and the photo the face was measured on (for their verified face,
 * their main photo) while it exists.
 */
export function selectBannedFaceViews(db: Executor, ids: number[]) {
  return (
    db
      .select({
        id: bannedFaces.id,
        reportId: bannedFaces.reportId,
        userId: bannedFaces.userId,
        source: bannedFaces.source,
        reason: complaints.outcomeReason,
        bannedAt: complaints.decidedAt,
        filename: photos.filename,
      })
      .from(bannedFaces)
      .innerJoin(complaints, eq(complaints.id, bannedFaces.reportId))
      .leftJoin(profiles, eq(profiles.userId, bannedFaces.userId))
      // The photo it was measured on, or for the verified face the banned member's main photo.
      .leftJoin(photos, sql`${photos.id} = coalesce(${bannedFaces.photoId}, ${profiles.mainPhotoId})`)
      .where(inArray(bannedFaces.id, ids))
  )
}
