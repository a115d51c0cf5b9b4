import { cellFromKey, distanceBand, kmBetween } from '#common/geo-grid.ts'
import { isNewHere } from '#common/member-signals.ts'
import { ageOn } from '#common/schemas/accounts.ts'
import type { Presence, PublicProfile } from '#common/schemas/members.ts'
import type { ProfileCardRow } from '#server/db/profile-cards.ts'
import { DAY_MS } from '#server/lib/clock.ts'
import { mediaUrl } from '#server/lib/media-url.ts'

/**
 * Presence as others see it (ADR 19): "online" with a visible page in the last 90 s, "today" within
 * 24 hours, else nothing; never for an invisible member, nor for a fictional profile (no person is
 * there to be online).
 */
export function presenceOf(
  row: { onlineUntil: Date | null; invisible: boolean; fictional: boolean },
  now: Date,
): Presence {
  if (!row.onlineUntil || row.invisible || row.fictional) return null
  if (row.onlineUntil > now) return 'online'
  return now.getTime() - row.onlineUntil.getTime() < DAY_MS ? 'today' : null
}

/** A card as the API sends it: only an active main image is shown; with the viewer's cell, how far. */
export function toPublicProfile(
  row: ProfileCardRow,
  cdnPrefix: string,
  now: Date,
  viewerCell: number | null = null,
): PublicProfile {
  return {
    presence: presenceOf(row, now),
    ...(viewerCell === null
      ? {}
      : {
          distance:
            row.geoCell === null
              ? null
              : distanceBand(kmBetween(cellFromKey(viewerCell), cellFromKey(row.geoCell))),
        }),
    id: row.id,
    name: row.name,
    age: ageOn(row.birthDate, now),
    gender: row.gender,
    city: row.city,
    region: row.region,
    region_code: row.regionCode,
    country: row.country,
    fictional: row.fictional,
    verified: row.verified,
    verified_only: Boolean(row.verifiedOnly),
    new_here: isNewHere(row.signupDate, now, row.fictional),
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
