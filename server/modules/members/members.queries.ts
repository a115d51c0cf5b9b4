import { and, desc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { photos, profiles, users } from '#server/db/schema/members.ts'
import { regions } from '#server/db/schema/reference.ts'

/** Account states whose profile nobody else may see. */
export const HIDDEN_USER_STATUSES = ['deleted', 'banned']

/** What every member-facing list applies: an active, visible profile of a live account. */
function visibleToOthers() {
  return and(
    eq(profiles.status, 'active'),
    eq(profiles.invisible, false),
    notInArray(users.status, HIDDEN_USER_STATUSES),
    isNull(users.deletedAt),
  )
}

/** The columns of a profile as others see it, with its main photo and region. */
function selectPublicColumns(db: Executor) {
  return db
    .select({
      id: profiles.id,
      name: profiles.name,
      age: sql<number>`date_part('year', age(${profiles.birthDate}))::int`,
      gender: profiles.gender,
      city: profiles.city,
      region: regions.name,
      country: profiles.country,
      fictional: profiles.fictional,
      photoFilename: photos.filename,
      photoThumb: photos.thumbFilename,
      photoStatus: photos.status,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .leftJoin(regions, eq(regions.id, profiles.regionId))
}

/** One profile that others may see: active, visible, and its account neither deleted nor banned. */
export async function selectVisibleProfile(db: Executor, profileId: number) {
  const rows = await selectPublicColumns(db)
    .where(and(eq(profiles.id, profileId), visibleToOthers()))
    .limit(1)
  return rows[0] ?? null
}

/** Visible profiles, most recently active first; a page of `limit` starting at `offset`. */
export function selectRecentProfiles(
  db: Executor,
  opts: { excludeUserId: number | null; limit: number; offset: number; genders?: string[]; country?: string },
) {
  return selectPublicColumns(db)
    .where(
      and(
        visibleToOthers(),
        opts.excludeUserId === null ? undefined : ne(users.id, opts.excludeUserId),
        opts.genders ? inArray(profiles.gender, opts.genders) : undefined,
        opts.country ? eq(profiles.country, opts.country) : undefined,
      ),
    )
    .orderBy(desc(profiles.lastActiveAt), desc(profiles.id))
    .limit(opts.limit)
    .offset(opts.offset)
}
