// The rules of the data that every module reading another member's profile applies in its query
// (DESIGN.md section 4), and the card of a profile as others see it.
import { eq, type SQL, sql } from 'drizzle-orm'
import type { PublicProfile } from '#common/schemas/members.ts'
import type { Executor } from './client.ts'
import { blocks, photos, profiles } from './schema/members.ts'
import { regions } from './schema/reference.ts'

/**
 * An active, visible profile whose account is neither deleted nor banned (`hidden` is set with
 * either). The partial indexes on profiles match it.
 */
export function visibleToOthers(): SQL {
  return sql`${profiles.status} = 'active' and not ${profiles.invisible} and not ${profiles.hidden}`
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
export function notBlockedWith(viewerUserId: number): SQL {
  return sql`not exists (select 1 from ${blocks} b where (b.blocker_user_id = ${viewerUserId} and b.blocked_user_id = ${profiles.userId}) or (b.blocker_user_id = ${profiles.userId} and b.blocked_user_id = ${viewerUserId}))`
}

/** The columns of a profile's card, with its main photo and region; add the where clause. */
export function selectProfileCards(db: Executor) {
  return db
    .select({
      id: profiles.id,
      userId: profiles.userId,
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
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .leftJoin(regions, eq(regions.id, profiles.regionId))
}

export type ProfileCardRow = Awaited<ReturnType<ReturnType<typeof selectProfileCards>['execute']>>[number]

/** The URL of a stored media file below the site's cdn_prefix. */
export function mediaUrl(cdnPrefix: string, filename: string): string {
  return `${cdnPrefix.replace(/\/$/, '')}/${filename}`
}

/** A card as the API sends it: only an active main image is shown. */
export function toPublicProfile(row: ProfileCardRow, cdnPrefix: string): PublicProfile {
  return {
    id: row.id,
    name: row.name,
    age: Number(row.age),
    gender: row.gender,
    city: row.city,
    region: row.region,
    country: row.country,
    fictional: row.fictional,
    main_image:
      row.photoFilename && row.photoThumb && row.photoStatus === 'active'
        ? {
            filename: mediaUrl(cdnPrefix, row.photoFilename),
            thumb_filename: mediaUrl(cdnPrefix, row.photoThumb),
            status: 'active',
          }
        : null,
  }
}
