import type { PublicProfile } from '#common/schemas/members.ts'
import type { ProfileCardRow } from '#server/db/profile-cards.ts'
import { mediaUrl } from '#server/lib/media-url.ts'

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
