import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { photos, profiles, users } from '#server/db/schema/members.ts'

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

export async function countPhotos(db: Executor, profileId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(photos).where(eq(photos.profileId, profileId))
  return Number(row?.n ?? 0)
}

export async function insertPhoto(db: Executor, values: typeof photos.$inferInsert) {
  const [row] = await db.insert(photos).values(values).returning()
  return row
}

export async function setMainPhoto(db: Executor, profileId: number, photoId: number | null) {
  await db.update(profiles).set({ mainPhotoId: photoId }).where(eq(profiles.id, profileId))
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

/** The photo to show first when the main one goes: the earliest active one. */
export function selectNextMain(db: Executor, profileId: number) {
  return db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), eq(photos.status, 'active')))
    .orderBy(asc(photos.position), asc(photos.id))
    .limit(1)
    .then((rows) => rows[0]?.id ?? null)
}

export async function nextPosition(db: Executor, profileId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${photos.position}), -1)::int` })
    .from(photos)
    .where(eq(photos.profileId, profileId))
  return Number(row?.max ?? -1) + 1
}
