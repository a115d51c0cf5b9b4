import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { photos, profileInterests, profiles, users } from '#server/db/schema/members.ts'
import { interests, regions } from '#server/db/schema/reference.ts'

export function selectOwnProfile(db: Executor, userId: number) {
  return db
    .select({
      ...getTableColumns(profiles),
      verifiedContactOnly: users.verifiedContactOnly,
      voiceNotes: users.voiceNotes,
      showReplyTime: users.showReplyTime,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1)
    .then((rows) => rows[0] ?? null)
}

export function selectProfilePhotos(db: Executor, profileId: number) {
  return db
    .select()
    .from(photos)
    .where(eq(photos.profileId, profileId))
    .orderBy(asc(photos.position), asc(photos.id))
}

export async function selectProfileInterestIds(db: Executor, profileId: number): Promise<number[]> {
  const rows = await db
    .select({ id: profileInterests.interestId })
    .from(profileInterests)
    .where(eq(profileInterests.profileId, profileId))
  return rows.map((r) => r.id)
}

/**
 * The member's choices of who may reach them: only verified members may start a conversation
 * (issue 37); voice notes from those they have written to, or none (issue 58).
 */
export async function updateContactChoices(
  db: Executor,
  userId: number,
  choices: { verifiedContactOnly?: boolean; voiceNotes?: boolean; showReplyTime?: boolean },
) {
  if (Object.values(choices).every((choice) => choice === undefined)) return
  await db.update(users).set(choices).where(eq(users.id, userId))
}

export async function updateProfileRow(
  db: Executor,
  profileId: number,
  values: Partial<typeof profiles.$inferInsert>,
) {
  if (Object.keys(values).length === 0) return
  await db.update(profiles).set(values).where(eq(profiles.id, profileId))
}

export async function regionInCountry(db: Executor, regionId: number, country: string): Promise<boolean> {
  const rows = await db
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.id, regionId), eq(regions.country, country)))
  return rows.length > 0
}

export async function existingInterestIds(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return []
  const rows = await db.select({ id: interests.id }).from(interests).where(inArray(interests.id, ids))
  return rows.map((r) => r.id)
}

export async function replaceProfileInterests(db: Executor, profileId: number, ids: number[]) {
  await db.delete(profileInterests).where(eq(profileInterests.profileId, profileId))
  if (ids.length > 0)
    await db.insert(profileInterests).values(ids.map((interestId) => ({ profileId, interestId })))
}

export function selectUserEmail(db: Executor, userId: number) {
  return db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]?.email ?? '')
}
