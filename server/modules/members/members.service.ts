import type { PublicProfile } from '#common/schemas/members.ts'
import type { Db } from '#server/db/client.ts'
import { selectVisibleProfile } from './members.queries.ts'

export type MembersService = ReturnType<typeof createMembersService>

/** The URL of a stored media file below the site's cdn_prefix. */
export function mediaUrl(cdnPrefix: string, filename: string): string {
  return `${cdnPrefix.replace(/\/$/, '')}/${filename}`
}

/** Member profiles as others see them. */
export function createMembersService(db: Db) {
  return {
    /** A profile anybody may see, or null when it does not exist or is hidden; only an active main image is shown. */
    async getPublicProfile(profileId: number, cdnPrefix: string): Promise<PublicProfile | null> {
      if (!Number.isSafeInteger(profileId) || profileId <= 0 || profileId > 2_147_483_647) return null
      const row = await selectVisibleProfile(db, profileId)
      if (!row) return null
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
    },
  }
}
