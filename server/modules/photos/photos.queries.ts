import { and, count, eq, isNull, ne, sql } from 'drizzle-orm'
import type { SignalKind } from '#common/moderation.ts'
import type { Executor } from '#server/db/client.ts'
import { photos, profiles, users } from '#server/db/schema/members.ts'
import { memberSignals } from '#server/db/schema/moderation.ts'
import { hashBands, hashDistance, isInformative, NEAR_COPY_BITS } from '#server/lib/perceptual-hash.ts'

/** The member's profile, locked until the transaction ends so that two uploads count in turn. */
export function lockProfileOfUser(db: Executor, userId: number) {
  return db
    .select({ id: profiles.id, mainPhotoId: profiles.mainPhotoId, paidUser: users.paidUser })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
    .for('update', { of: profiles })
    .then((rows) => rows[0] ?? null)
}

/** How many photos the member has and may have (read without a lock: a first check before the work). */
export async function selectPhotoRoom(db: Executor, userId: number) {
  const [row] = await db
    .select({
      paidUser: users.paidUser,
      photos: sql<number>`(select count(*)::int from ${photos} where ${photos.profileId} = ${profiles.id})`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
  return row ?? null
}

export async function countPhotos(db: Executor, profileId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(photos).where(eq(photos.profileId, profileId))
  return Number(row?.n ?? 0)
}

export async function insertPhoto(db: Executor, values: typeof photos.$inferInsert) {
  const [row] = await db.insert(photos).values(values).returning()
  return row
}

export function selectOwnPhoto(db: Executor, profileId: number, photoId: number) {
  return db
    .select()
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.profileId, profileId)))
    .then((rows) => rows[0] ?? null)
}

export async function deletePhotoRow(db: Executor, photoId: number) {
  await db.delete(photos).where(eq(photos.id, photoId))
}

export async function nextPosition(db: Executor, profileId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${photos.position}), -1)::int` })
    .from(photos)
    .where(eq(photos.profileId, profileId))
  return Number(row?.max ?? -1) + 1
}

/**
 * A photo of another profile that shows the same picture: one that shares a 16-bit band of the hash
 * (the band indexes find those) and differs by at most NEAR_COPY_BITS bits. Copies already flagged,
 * and rejected photos, are no originals: the first owner may upload their picture again.
 */
export async function selectNearCopy(db: Executor, profileId: number, hash: bigint): Promise<number | null> {
  if (!isInformative(hash)) return null
  const [b0, b1, b2, b3] = hashBands(hash)
  const candidates = await db
    .select({ id: photos.id, phash: photos.phash })
    .from(photos)
    .where(
      sql`${photos.phash} is not null and ${photos.profileId} <> ${profileId}
        and ${photos.duplicateOf} is null and ${photos.status} <> 'rejected' and (
        ((${photos.phash} >> 0) & 65535) = ${b0} or ((${photos.phash} >> 16) & 65535) = ${b1} or
        ((${photos.phash} >> 32) & 65535) = ${b2} or ((${photos.phash} >> 48) & 65535) = ${b3})`,
    )
    .orderBy(photos.id)
    .limit(500)
  const near = candidates.find((c) => c.phash !== null && hashDistance(c.phash, hash) <= NEAR_COPY_BITS)
  return near?.id ?? null
}

/**
 * Whether the moderators have an open signal about what this member did (ADR 29: their first photos
 * wait). A burst of sign-ups from their address is not counted: it says where they signed up (an
 * office, a mobile carrier's network), not what they did.
 */
export async function hasOpenSignal(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: memberSignals.id })
    .from(memberSignals)
    .where(
      and(
        eq(memberSignals.userId, userId),
        isNull(memberSignals.reviewedAt),
        ne(memberSignals.kind, 'signup_burst' satisfies SignalKind),
      ),
    )
    .limit(1)
  return rows.length > 0
}
