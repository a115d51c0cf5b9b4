// What a member's page reads and writes: the profile with its traits, its photos and interests, and
// blocks between members. The search's queries are in members.queries.ts.
import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { visibleToOthers } from '#server/db/profile-cards.ts'
import { blocks, photos, profileInterests, profiles, users } from '#server/db/schema/members.ts'
import { interests, regions } from '#server/db/schema/reference.ts'

/** Whether a member is Premium (bought credits once: spec section 6), read where it is written. */
export async function selectPremium(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ paid: users.paidUser }).from(users).where(eq(users.id, userId))
  return row?.paid ?? false
}

/** A visible profile with everything its page shows: traits, about text, owner. */
export function selectMemberDetail(db: Executor, profileId: number) {
  return db
    .select({
      id: profiles.id,
      userId: profiles.userId,
      name: profiles.name,
      // The age is counted from it by the injected clock (member-page.service.ts).
      birthDate: profiles.birthDate,
      gender: profiles.gender,
      sexuality: profiles.sexuality,
      hairColor: profiles.hairColor,
      eyeColor: profiles.eyeColor,
      bodyType: profiles.bodyType,
      relationshipStatus: profiles.relationshipStatus,
      tattoos: profiles.tattoos,
      city: profiles.city,
      region: regions.name,
      regionCode: regions.code,
      country: profiles.country,
      about: profiles.about,
      aboutTranslations: profiles.aboutTranslations,
      fictional: profiles.fictional,
      verified: profiles.verified,
      verifiedOnly: sql<boolean>`${users.verifiedContactOnly} and not ${profiles.fictional}`,
      signupDate: users.signupDate,
      showReplyTime: sql<boolean>`${users.showReplyTime} and not ${profiles.fictional}`,
      mainPhotoId: profiles.mainPhotoId,
      invisible: profiles.invisible,
      onlineUntil: users.onlineUntil,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(regions, eq(regions.id, profiles.regionId))
    .where(and(eq(profiles.id, profileId), visibleToOthers()))
    .limit(1)
    .then((rows) => rows[0] ?? null)
}

/** The photos others may see: active ones, the main one first. */
export function selectActivePhotos(db: Executor, profileId: number, mainPhotoId: number | null) {
  return db
    .select({ id: photos.id, filename: photos.filename, thumb: photos.thumbFilename })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), eq(photos.status, 'active')))
    .orderBy(sql`${photos.id} = ${mainPhotoId ?? 0} desc`, photos.position, photos.id)
}

export function selectInterestNames(db: Executor, profileId: number) {
  return db
    .select({ key: interests.key, en: interests.nameEn, fr: interests.nameFr })
    .from(profileInterests)
    .innerJoin(interests, eq(interests.id, profileInterests.interestId))
    .where(eq(profileInterests.profileId, profileId))
    .orderBy(interests.position)
}

export async function insertBlock(db: Executor, blockerUserId: number, blockedUserId: number) {
  await db.insert(blocks).values({ blockerUserId, blockedUserId }).onConflictDoNothing()
}

export async function deleteBlock(db: Executor, blockerUserId: number, blockedUserId: number) {
  await db
    .delete(blocks)
    .where(and(eq(blocks.blockerUserId, blockerUserId), eq(blocks.blockedUserId, blockedUserId)))
}

export function selectProfileOwner(db: Executor, profileId: number) {
  return db
    .select({ userId: profiles.userId, name: profiles.name })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1)
    .then((rows) => rows[0] ?? null)
}
