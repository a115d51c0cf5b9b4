// The rules of the data that every module reading another member's profile applies in its query
// (docs/architecture.md §4), and the columns of a profile's card (the members module maps them to the API).
import { and, eq, gte, lte, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { Executor } from './client.ts'
import { blocks, photos, profiles, users } from './schema/members.ts'
import { regions } from './schema/reference.ts'

/**
 * An active, visible profile whose account is neither deleted nor banned (`hidden` is set with
 * either). The partial indexes on profiles match it.
 */
export function visibleToOthers(): SQL {
  return sql`${profiles.status} = 'active' and not ${profiles.invisible} and not ${profiles.hidden}`
}

/**
 * A chat partner's profile in the chat lists: active, and its account neither deleted nor banned.
 * Invisible members stay in the lists of the members they already chat with (write_refusal's rule).
 */
export function reachable(): SQL {
  return sql`${profiles.status} = 'active' and not ${profiles.hidden}`
}

/** Whether either member blocked the other: the one question every module asks about a block. */
export async function selectBlocksBetween(db: Executor, viewerUserId: number, otherUserId: number) {
  const rows = await db
    .select({ blocker: blocks.blockerUserId })
    .from(blocks)
    .where(
      sql`(${blocks.blockerUserId} = ${viewerUserId} and ${blocks.blockedUserId} = ${otherUserId}) or (${blocks.blockerUserId} = ${otherUserId} and ${blocks.blockedUserId} = ${viewerUserId})`,
    )
  return {
    viewerBlocked: rows.some((r) => r.blocker === viewerUserId),
    blockedByOther: rows.some((r) => r.blocker === otherUserId),
  }
}

/** Neither side of a block between the viewer and the profile's member. */
export function notBlockedWith(viewerUserId: number | Placeholder): SQL {
  return sql`not exists (select 1 from ${blocks} b where (b.blocker_user_id = ${viewerUserId} and b.blocked_user_id = ${profiles.userId}) or (b.blocker_user_id = ${profiles.userId} and b.blocked_user_id = ${viewerUserId}))`
}

/** The columns of a profile's card, with its main photo and region; add the where clause. */
export function selectProfileCards(db: Executor) {
  return db
    .select({
      id: profiles.id,
      userId: profiles.userId,
      name: profiles.name,
      // The age is counted from it by the injected clock (toPublicProfile), not the database's date.
      birthDate: profiles.birthDate,
      gender: profiles.gender,
      city: profiles.city,
      region: regions.name,
      regionCode: regions.code,
      country: profiles.country,
      fictional: profiles.fictional,
      verified: profiles.verified,
      verifiedOnly: sql<boolean>`${users.verifiedContactOnly} and not ${profiles.fictional}`,
      signupDate: users.signupDate,
      photoFilename: photos.filename,
      photoThumb: photos.thumbFilename,
      photoStatus: photos.status,
      invisible: profiles.invisible,
      onlineUntil: users.onlineUntil,
      geoCell: profiles.geoCell,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .leftJoin(regions, eq(regions.id, profiles.regionId))
}

export type ProfileCardRow = Awaited<ReturnType<ReturnType<typeof selectProfileCards>['execute']>>[number]

/** Birth dates (YYYY-MM-DD, inclusive) of members whose age today lies within the filters. */
export interface BirthRange {
  from?: string
  to?: string
}

export function birthRange(f: { minAge?: number; maxAge?: number }, today: Date): BirthRange {
  const date = (yearsAgo: number, dayShift = 0) =>
    new Date(Date.UTC(today.getUTCFullYear() - yearsAgo, today.getUTCMonth(), today.getUTCDate() + dayShift))
      .toISOString()
      .slice(0, 10)
  return {
    // Aged at most maxAge: born after today minus (maxAge + 1) years.
    from: f.maxAge ? date(f.maxAge + 1, 1) : undefined,
    // Aged at least minAge: born on or before today minus minAge years.
    to: f.minAge ? date(f.minAge) : undefined,
  }
}

/** Profiles whose age today (from the caller's clock) lies within the bounds. */
export function agedBetween(f: { minAge?: number; maxAge?: number }, today: Date): SQL | undefined {
  const born = birthRange(f, today)
  return and(
    born.from ? gte(profiles.birthDate, born.from) : undefined,
    born.to ? lte(profiles.birthDate, born.to) : undefined,
  )
}

/** The distance from a member's place (a `cube` point, ADR 26), for ordering the nearest first. */
export function distanceFrom(origin: readonly [number, number, number]): SQL<number> {
  return sql<number>`${profiles.geo} <-> ${`(${origin.join(',')})`}::cube`
}
