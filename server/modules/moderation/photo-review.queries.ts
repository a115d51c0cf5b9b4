import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { photos, profiles, users } from '#server/db/schema/members.ts'

/** How many photos a queue page holds. */
const QUEUE_PAGE = 20

/**
 * A photo's risk in the queue's order, riskiest first: a banned member's face (issue 60) before
 * all, then the explicit-photo model's score (none: 0).
 */
const risk = sql`case when ${photos.bannedFace} is not null then -2 else -coalesce(${photos.explicitScore}, 0) end`

/**
 * The photos waiting for review (after a given one), with their member: the riskiest first (the
 * explicit-photo model's score, ADR 29), then the oldest.
 */
export function selectPhotoQueue(db: Executor, after: number | undefined) {
  const afterClause = after
    ? sql`(${risk}, ${photos.createdAt}, ${photos.id}) > (select case when p2.banned_face is not null then -2 else -coalesce(p2.explicit_score, 0) end, p2.created_at, p2.id from ${photos} p2 where p2.id = ${after})`
    : sql`true`
  return db
    .select({
      id: photos.id,
      filename: photos.filename,
      thumbFilename: photos.thumbFilename,
      status: photos.status,
      createdAt: photos.createdAt,
      duplicateOf: photos.duplicateOf,
      explicitScore: photos.explicitScore,
      explicit: photos.explicit,
      bannedFace: photos.bannedFace,
      profileId: profiles.id,
      userId: profiles.userId,
      name: profiles.name,
      birthDate: profiles.birthDate,
      country: profiles.country,
      siteId: users.siteId,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(isNull(photos.reviewedAt), afterClause))
    .orderBy(asc(risk), asc(photos.createdAt), asc(photos.id))
    .limit(QUEUE_PAGE)
}

export async function countPhotoQueue(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(photos)
    .where(isNull(photos.reviewedAt))
  return Number(row?.n ?? 0)
}

/** Every photo of these profiles, in the members' order. */
export function selectPhotosOfProfiles(db: Executor, profileIds: number[]) {
  if (profileIds.length === 0) return Promise.resolve([])
  return db
    .select({
      id: photos.id,
      profileId: photos.profileId,
      filename: photos.filename,
      thumbFilename: photos.thumbFilename,
      status: photos.status,
      createdAt: photos.createdAt,
    })
    .from(photos)
    .where(inArray(photos.profileId, profileIds))
    .orderBy(asc(photos.position), asc(photos.id))
}

/** The photos that queued ones repeat, with whose they are. */
export function selectOriginals(db: Executor, photoIds: number[]) {
  if (photoIds.length === 0) return Promise.resolve([])
  return db
    .select({
      id: photos.id,
      filename: photos.filename,
      profileId: profiles.id,
      name: profiles.name,
      siteId: users.siteId,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(inArray(photos.id, photoIds))
}

/** A photo with its owner's contact and language, locked for its review. */
export function lockPhotoForReview(db: Executor, photoId: number) {
  return db
    .select({
      id: photos.id,
      status: photos.status,
      reviewedAt: photos.reviewedAt,
      rejectReason: photos.rejectReason,
      profileId: profiles.id,
      mainPhotoId: profiles.mainPhotoId,
      name: profiles.name,
      userId: users.id,
      email: users.email,
      language: users.language,
      siteId: users.siteId,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(photos.id, photoId))
    .for('update', { of: photos })
    .then((rows) => rows[0] ?? null)
}

export async function updatePhotoReview(
  db: Executor,
  photoId: number,
  values: { status: string; reviewedAt: Date; rejectReason: string | null },
) {
  await db.update(photos).set(values).where(eq(photos.id, photoId))
}
