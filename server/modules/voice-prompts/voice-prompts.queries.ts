import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { profiles, users } from '#server/db/schema/members.ts'
import { profileVoices } from '#server/db/schema/voice-prompts.ts'

/** A member's profile, and its voice prompt if it has one. */
export async function selectOwnVoice(db: Executor, userId: number) {
  const [row] = await db
    .select({ profileId: profiles.id, voice: profileVoices })
    .from(profiles)
    .leftJoin(profileVoices, eq(profileVoices.profileId, profiles.id))
    .where(eq(profiles.userId, userId))
  return row ?? null
}

/** Saves a profile's voice prompt in place of the one it had; answers the replaced file, if any. */
export async function replaceVoice(db: Executor, values: typeof profileVoices.$inferInsert) {
  const [old] = await db
    .select({ filename: profileVoices.filename })
    .from(profileVoices)
    .where(eq(profileVoices.profileId, values.profileId))
    .for('update')
  await db
    .insert(profileVoices)
    .values(values)
    .onConflictDoUpdate({
      target: profileVoices.profileId,
      set: {
        prompt: values.prompt,
        filename: values.filename,
        seconds: values.seconds,
        levels: values.levels,
        status: values.status,
        createdAt: values.createdAt,
        reviewedAt: null,
        rejectReason: null,
      },
    })
  return old?.filename ?? null
}

/** Removes a member's voice prompt; answers its file, or null when there was none. */
export async function deleteVoice(db: Executor, profileId: number) {
  const [row] = await db
    .delete(profileVoices)
    .where(eq(profileVoices.profileId, profileId))
    .returning({ filename: profileVoices.filename })
  return row?.filename ?? null
}

/** The voice prompts members may hear, of these profiles. */
export function selectActiveVoices(db: Executor, profileIds: number[]) {
  if (profileIds.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(profileVoices)
    .where(and(inArray(profileVoices.profileId, profileIds), eq(profileVoices.status, 'active')))
}

/** The voice prompts no moderator has decided yet, oldest first, with their members. */
export function selectVoiceQueue(db: Executor, limit: number) {
  return db
    .select({
      voice: profileVoices,
      name: profiles.name,
      userId: users.id,
      siteId: users.siteId,
    })
    .from(profileVoices)
    .innerJoin(profiles, eq(profiles.id, profileVoices.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(isNull(profileVoices.reviewedAt))
    .orderBy(asc(profileVoices.createdAt), asc(profileVoices.profileId))
    .limit(limit)
}

export async function countVoiceQueue(db: Executor) {
  const [row] = await db.select({ n: count() }).from(profileVoices).where(isNull(profileVoices.reviewedAt))
  return Number(row?.n ?? 0)
}

/** A voice prompt with its member (for the mail), locked for a moderator's decision. */
export async function lockVoiceForReview(db: Executor, profileId: number) {
  const [row] = await db
    .select({
      status: profileVoices.status,
      reviewedAt: profileVoices.reviewedAt,
      name: profiles.name,
      userId: users.id,
      email: users.email,
      language: users.language,
      siteId: users.siteId,
    })
    .from(profileVoices)
    .innerJoin(profiles, eq(profiles.id, profileVoices.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profileVoices.profileId, profileId))
    .for('update', { of: profileVoices })
  return row ?? null
}

export async function updateVoiceReview(
  db: Executor,
  profileId: number,
  values: { status: string; reviewedAt: Date; rejectReason: string | null },
) {
  await db.update(profileVoices).set(values).where(eq(profileVoices.profileId, profileId))
}
