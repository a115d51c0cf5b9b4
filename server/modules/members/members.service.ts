import type { Locale } from '#common/constants.ts'
import { cellFromKey, cellVector } from '#common/geo-grid.ts'
import { regionName } from '#common/region-names.ts'
import type { RankedProfile } from '#common/schemas/likes.ts'
import type { MemberSearchQuery, MemberSearchResponse, PublicProfile } from '#common/schemas/members.ts'
import type { Db } from '#server/db/client.ts'
import { selectBlocksBetween } from '#server/db/profile-cards.ts'
import { readsOn } from '#server/db/replicas.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import {
  INTERESTS_COUNT_CAP,
  type SearchFactsOf,
  selectPlaceOf,
  selectProfiles,
  selectRankedProfiles,
  selectRegionCounts,
  selectVisibleProfile,
} from './members.queries.ts'
import { toPublicProfile } from './public-profile.ts'
import { planSearch, type SearchPlan, similarSearch } from './search-sql.ts'
import { countProfiles, countViewerExclusions } from './search-totals.queries.ts'

/** A profile's card as the API sends it: the one mapping, for every module that shows cards. */
export { toPublicProfile } from './public-profile.ts'

const MEMBERS_PAGE_SIZE = 24
/** Below this many results, search also offers similar members. */
const SIMILAR_BELOW = 6
const SIMILAR_SIZE = 12

export type MembersService = ReturnType<typeof createMembersService>

/** Member profiles as others see them. */
export function createMembersService(
  db: Db,
  deps: {
    now: Clock
    /**
     * Where searches, profiles and counts are read: a replica may serve them (ADR 39); else `db`.
     * Blocks are read on `db`, as a member page reads them.
     */
    reads?: Db
  },
) {
  const { now } = deps
  const reads = deps.reads ?? db
  /** A read on `reads`, which may be a replica's: again elsewhere if it stops under it (ADR 39). */
  const read = readsOn(reads)
  /**
   * The number of matching members the viewer may see: the count shared by every viewer (summed
   * from the per-bucket counts), less the viewer's own profile and blocks, counted live.
   */
  const countVisibleTo = async (search: SearchPlan, viewer: number | null) => {
    const [all, excluded] = await Promise.all([
      countProfiles(reads, search),
      viewer === null ? 0 : countViewerExclusions(reads, search, viewer),
    ])
    return Math.max(0, all - excluded)
  }
  /** The total of a search; one counted row by row past INTERESTS_COUNT_CAP is "more than" the cap. */
  const totalOf = async (search: SearchPlan, viewer: number | null) => {
    const counted = await countVisibleTo(search, viewer)
    const more = search.countedByRows && counted >= INTERESTS_COUNT_CAP
    return { total: more ? INTERESTS_COUNT_CAP : counted, more }
  }
  return {
    /** A profile anybody may see, or null when it does not exist or is hidden; only an active main image is shown. */
    async getPublicProfile(
      profileId: number,
      cdnPrefix: string,
      viewerUserId: number | null = null,
    ): Promise<PublicProfile | null> {
      if (!Number.isSafeInteger(profileId) || profileId <= 0 || profileId > 2_147_483_647) return null
      const row = await read((on) => selectVisibleProfile(on, profileId))
      if (!row) return null
      // A member who blocked the viewer is not shown to them, not even on a landing page; a block
      // holds at once, so it is read where it is written.
      if (
        viewerUserId !== null &&
        row.userId !== viewerUserId &&
        (await selectBlocksBetween(db, viewerUserId, row.userId)).blockedByOther
      )
        throw new AppError('member.blocked', 403, { name: row.name })
      return toPublicProfile(row, cdnPrefix, now())
    },

    /**
     * The match finder's ranking (GET /api/match-finder.php, /match-finder, /signup-matches): of the
     * 1,000 members matching the filters nearest the viewer's place (else the most recently
     * active), the most shared interests first, then the preferred region, then the nearest.
     */
    async rank(opts: {
      viewerUserId: number
      genders: string[]
      country: string
      regionId?: number
      minAge?: number
      maxAge?: number
      interestIds: number[]
      preferRegionId?: number | null
      limit: number
      cdnPrefix: string
    }): Promise<RankedProfile[]> {
      // One moment for the whole answer: ages and who is online agree across its cards.
      const at = now()
      const viewerCell = await selectPlaceOf(reads, opts.viewerUserId)
      const search = planSearch(
        {
          gender: opts.genders,
          country: opts.country,
          countryregion: opts.regionId,
          min_age: opts.minAge,
          max_age: opts.maxAge,
        },
        { today: at },
      )
      const rows = await read((on) =>
        selectRankedProfiles(
          on,
          search,
          { viewer: opts.viewerUserId, today: at },
          {
            interestIds: opts.interestIds,
            preferRegionId: opts.preferRegionId ?? undefined,
            nearest: viewerCell === null ? undefined : cellVector(cellFromKey(viewerCell)),
          },
          opts.limit,
        ),
      )
      return rows.map((row) => ({
        ...toPublicProfile(row, opts.cdnPrefix, at),
        shared_interests: row.shared,
      }))
    },

    /** How many visible members each region of a country has (the map lander), by region name. */
    async regionCounts(country: string, locale: Locale = 'en') {
      const rows = await read((on) => selectRegionCounts(on, country))
      return rows
        .map((r) => ({ code: r.code, name: regionName(r.code, r.name, locale), members: Number(r.members) }))
        .sort((a, b) => a.name.localeCompare(b.name, locale))
    },

    /**
     * Member search (GET /api/members.php, /members): a page of visible members matching the
     * filters, the nearest first for a member with a place (ADR 26), else the most recently active
     * first, with the total; when few match, similar members (same gender and country, any region
     * and age) with their count.
     */
    async search(
      query: MemberSearchQuery,
      viewerUserId: number | null,
      cdnPrefix: string,
    ): Promise<MemberSearchResponse> {
      // A member with a place sees the nearest first, within the distance asked (ADR 26).
      const viewerCell = viewerUserId === null ? null : await selectPlaceOf(reads, viewerUserId)
      const origin = viewerCell === null ? undefined : cellVector(cellFromKey(viewerCell))
      // One moment for the whole answer: ages and who is online agree across its cards.
      const facts: SearchFactsOf = { viewer: viewerUserId, today: now(), origin }
      // The filters' values, once for the page, the totals and "similar members".
      const search = planSearch(query, facts)
      const [rows, { total, more }] = await Promise.all([
        selectProfiles(reads, search, facts, {
          limit: MEMBERS_PAGE_SIZE,
          offset: (query.page - 1) * MEMBERS_PAGE_SIZE,
        }),
        totalOf(search, viewerUserId),
      ])
      // Few match a narrowed search: similar members, with the filters search-sql.ts lifts lifted.
      let similar: MemberSearchResponse['similar'] = { profiles: [], total: 0 }
      if (total < SIMILAR_BELOW && search.narrowed) {
        const wider = planSearch(similarSearch(query), facts)
        const shown = new Set(rows.map((r) => r.id))
        const [similarRows, similarTotal] = await Promise.all([
          selectProfiles(reads, wider, facts, { limit: SIMILAR_SIZE + shown.size, offset: 0 }),
          countVisibleTo(wider, viewerUserId),
        ])
        similar = {
          profiles: similarRows
            .filter((r) => !shown.has(r.id))
            .slice(0, SIMILAR_SIZE)
            .map((r) => toPublicProfile(r, cdnPrefix, facts.today, viewerCell)),
          total: Math.max(0, similarTotal - total),
        }
      }
      return {
        profiles: rows.map((row) => toPublicProfile(row, cdnPrefix, facts.today, viewerCell)),
        total,
        page: query.page,
        pages: Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE)),
        similar,
        total_more: more,
        order: origin ? 'distance' : 'recent',
      }
    },
  }
}
