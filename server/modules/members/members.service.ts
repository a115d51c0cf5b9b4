import type { PublicProfile } from '#common/schemas/members.ts'
import type { Db } from '#server/db/client.ts'
import { selectRecentProfiles, selectVisibleProfile } from './members.queries.ts'

type ProfileRow = NonNullable<Awaited<ReturnType<typeof selectVisibleProfile>>>

function toPublicProfile(row: ProfileRow, cdnPrefix: string): PublicProfile {
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

export const MEMBERS_PAGE_SIZE = 24

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
      return row ? toPublicProfile(row, cdnPrefix) : null
    },

    /**
     * Members to suggest to a new member: the genders they look for, in their country, most
     * recently active first (the match finder's ranking refines this later).
     */
    async listSuggestions(opts: {
      viewerUserId: number
      gender: string
      sexuality: string | null
      country: string
      cdnPrefix: string
    }) {
      const other = opts.gender === 'female' ? 'male' : 'female'
      const genders =
        opts.sexuality === 'gay'
          ? [opts.gender]
          : opts.sexuality === 'bisexual'
            ? ['female', 'male']
            : [other]
      const rows = await selectRecentProfiles(db, {
        excludeUserId: opts.viewerUserId,
        limit: 12,
        offset: 0,
        genders,
        country: opts.country,
      })
      return rows.map((row) => toPublicProfile(row, opts.cdnPrefix))
    },

    /** A page of visible members, most recently active first, without the viewer. */
    async listRecent(opts: { viewerUserId: number | null; page: number; cdnPrefix: string }) {
      const page = Math.max(1, Math.min(opts.page, 1000))
      const rows = await selectRecentProfiles(db, {
        excludeUserId: opts.viewerUserId,
        limit: MEMBERS_PAGE_SIZE + 1,
        offset: (page - 1) * MEMBERS_PAGE_SIZE,
      })
      return {
        page,
        hasNext: rows.length > MEMBERS_PAGE_SIZE,
        profiles: rows.slice(0, MEMBERS_PAGE_SIZE).map((row) => toPublicProfile(row, opts.cdnPrefix)),
      }
    },
  }
}
