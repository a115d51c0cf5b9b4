import { and, asc, eq } from 'drizzle-orm'
import type { Executor } from './client.ts'
import { photos, profiles } from './schema/members.ts'

// A profile's main photo, which the member (photos) and the moderators (moderation) both move.

export async function setMainPhoto(db: Executor, profileId: number, photoId: number | null) {
  await db.update(profiles).set({ mainPhotoId: photoId }).where(eq(profiles.id, profileId))
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
