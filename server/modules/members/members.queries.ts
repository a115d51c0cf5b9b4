// Member search: the filters as SQL (each query shape prepared once per database), the pages of
// results, the match finder's ranking and the regions' counts (ADR 6); the totals are in
// search-totals.queries.ts (ADR 7).
import { and, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import {
  type BirthRange,
  birthRange,
  distanceFrom,
  notBlockedWith,
  selectProfileCards,
  visibleToOthers,
} from '#server/db/profile-cards.ts'

export { birthRange }

import { profileInterests, profiles } from '#server/db/schema/members.ts'
import { regions } from '#server/db/schema/reference.ts'

const MOST_RECENT_FIRST = [sql`${profiles.lastActiveAt} desc nulls last`, sql`${profiles.id} desc nulls last`]

/** One profile that others may see. */
export async function selectVisibleProfile(db: Executor, profileId: number) {
  const rows = await selectProfileCards(db)
    .where(and(eq(profiles.id, profileId), visibleToOthers()))
    .limit(1)
  return rows[0] ?? null
}

/** Past this many, a search by interests says "more than" instead of counting them all. */
export const INTERESTS_COUNT_CAP = 1000

/** A member's place: the grid cell of their town, or null (ADR 26). */
export async function selectPlaceOf(db: Executor, userId: number): Promise<number | null> {
  const [row] = await db.select({ cell: profiles.geoCell }).from(profiles).where(eq(profiles.userId, userId))
  return row?.cell ?? null
}

/** Filters of member search; ages become a birth-date range so that an index serves them. */
export interface ProfileFilters {
  excludeUserId: number | null
  /** Today, from the service's clock: ages become birth dates against it. */
  today: Date
  genders?: string[]
  country?: string
  regionId?: number
  minAge?: number
  maxAge?: number
  /** The viewer's cell centre (a `cube` point, ADR 26): the nearest come first. */
  origin?: readonly [number, number, number]
  /** Within this distance of `origin` only, as a chord of the unit sphere (common/geo-grid.ts). */
  withinChord?: number
  /** Members who share at least one of these interests (a filter; the match finder's `interestIds` rank). */
  anyInterests?: number[]
  /** Verified members only (issue 37). */
  verifiedOnly?: boolean
}

/** The values of the filters that are set, by the name their placeholder has in a prepared query. */
export type FilterValues = Record<string, string | number | number[]>

export function filterValues(f: ProfileFilters, born: BirthRange): FilterValues {
  const values: FilterValues = {}
  if (f.excludeUserId !== null) values.viewer = f.excludeUserId
  f.genders?.forEach((gender, i) => {
    values[`gender${i}`] = gender
  })
  if (f.country) values.country = f.country
  if (f.regionId) values.region = f.regionId
  if (born.from) values.from = born.from
  if (born.to) values.to = born.to
  if (f.origin) values.origin = `(${f.origin.join(',')})`
  if (f.origin && f.withinChord !== undefined) values.within = f.withinChord
  if (f.anyInterests?.length) values.interests = f.anyInterests
  if (f.verifiedOnly) values.verified = 1
  return values
}

/** How far a profile's cell centre is from the origin, as a chord (the index's KNN order). */
const chordFrom = (origin: unknown) => sql`${profiles.geo} <-> ${origin}::cube`

/** The names of the genders' values (gender0, gender1…), in order. */
export const genderNames = (values: FilterValues) =>
  Object.keys(values).filter((name) => name.startsWith('gender'))

/**
 * The filters' conditions. With `placeholders`, each value is its named placeholder (the query is
 * prepared once for every search with the same filters set, see `prepared`); else the value itself.
 */
export function filterConditions(
  values: FilterValues,
  { placeholders = false, box = false }: { placeholders?: boolean; box?: boolean } = {},
): SQL | undefined {
  const v = <T extends string | number>(name: string) =>
    (placeholders ? sql.placeholder(name) : values[name]) as T
  const genders = genderNames(values)
  return and(
    visibleToOthers(),
    'viewer' in values ? ne(profiles.userId, v<number>('viewer')) : undefined,
    'viewer' in values ? notBlockedWith(v<number>('viewer')) : undefined,
    genders.length > 0 ? inArray(profiles.gender, genders.map(v<string>)) : undefined,
    'country' in values ? eq(profiles.country, v<string>('country')) : undefined,
    'region' in values ? eq(profiles.regionId, v<number>('region')) : undefined,
    'from' in values ? gte(profiles.birthDate, v<string>('from')) : undefined,
    'to' in values ? lte(profiles.birthDate, v<string>('to')) : undefined,
    // Within a distance: the sphere; with `box`, first the box around the origin that the GiST
    // index serves (a page: its nearest-first walk stops at the box's edge). Counts go without it:
    // PostgreSQL cannot tell how many a box holds and would walk every member of a wide one.
    'within' in values && box
      ? sql`${profiles.geo} <@ cube_enlarge(${v<string>('origin')}::cube, ${v<number>('within')}::float8, 3)`
      : undefined,
    'within' in values ? sql`${chordFrom(v<string>('origin'))} <= ${v<number>('within')}::float8` : undefined,
    'verified' in values ? sql`${profiles.verified}` : undefined,
    'interests' in values
      ? sql`exists (select 1 from ${profileInterests} pi where pi.profile_id = ${profiles.id} and pi.interest_id = any(${v<string>('interests')}::int[]))`
      : undefined,
  )
}

interface Executable<T> {
  execute(values: Record<string, unknown>): Promise<T>
}
const preparedQueries = new WeakMap<Executor, Map<string, Executable<unknown>>>()

/**
 * A search query built once per database and shape (which filters are set): drizzle's building of
 * the SQL text costs more than the rest of a search's work in Node (bench:search-ceiling), and the
 * text is the same for every search of that shape. Sent unnamed, as any other query: PostgreSQL
 * still plans each with its values.
 */
export function prepared<T>(
  db: Executor,
  shape: string,
  build: () => { prepare(name: string): Executable<T> },
) {
  let queries = preparedQueries.get(db)
  if (!queries) {
    queries = new Map()
    preparedQueries.set(db, queries)
  }
  let query = queries.get(shape) as Executable<T> | undefined
  if (!query) {
    query = build().prepare('')
    queries.set(shape, query as Executable<unknown>)
  }
  return query
}

export const shapeOf = (kind: string, values: FilterValues) => `${kind}:${Object.keys(values).join(',')}`

/**
 * Visible profiles matching the filters: the nearest first when there is an origin, else the most
 * recently active first; `limit` from `offset`.
 */
export function selectProfiles(
  db: Executor,
  filters: ProfileFilters,
  page: { limit: number; offset: number },
) {
  const values = filterValues(filters, birthRange(filters, filters.today))
  return prepared(db, shapeOf('page', values), () =>
    selectProfileCards(db)
      .where(filterConditions(values, { placeholders: true, box: true }))
      // Nearest first: the distance alone, which the index gives in order (a second key would make
      // PostgreSQL sort every match); members of one cell come in the index's order, those without
      // a place last (ADR 26).
      .orderBy(...('origin' in values ? [chordFrom(sql.placeholder('origin'))] : MOST_RECENT_FIRST))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  ).execute({ ...values, limit: page.limit, offset: page.offset })
}

/** How many of the most recently active matching members the match finder ranks. */
const RANKED_CANDIDATES = 1000

/**
 * The match finder's ranking: of the matching members nearest the viewer's place (issue 56), else
 * the most recently active, those sharing the most interests first, then those in the preferred
 * region, then the nearest (else the most recent).
 */
export async function selectRankedProfiles(
  db: Executor,
  filters: ProfileFilters & {
    interestIds: number[]
    preferRegionId?: number
    /** The viewer's place: the nearest first. */
    nearest?: readonly [number, number, number]
  },
  limit: number,
) {
  const distance = filters.nearest ? distanceFrom(filters.nearest) : sql<number>`0`
  const candidates = db
    .select({
      id: profiles.id,
      regionId: profiles.regionId,
      lastActiveAt: profiles.lastActiveAt,
      distance: sql<number>`${distance}`.as('distance'),
    })
    .from(profiles)
    .where(filterConditions(filterValues(filters, birthRange(filters, filters.today))))
    .orderBy(...(filters.nearest ? [sql`${distance} nulls last`, ...MOST_RECENT_FIRST] : MOST_RECENT_FIRST))
    .limit(RANKED_CANDIDATES)
    .as('c')
  const shared =
    filters.interestIds.length > 0
      ? sql<number>`(select count(*)::int from ${profileInterests} pi where pi.profile_id = ${candidates.id} and pi.interest_id in ${filters.interestIds})`
      : sql<number>`0`
  const sameRegion = filters.preferRegionId
    ? sql<number>`(case when ${candidates.regionId} = ${filters.preferRegionId} then 1 else 0 end)`
    : sql<number>`0`
  const ranked = await db
    .select({ id: candidates.id, shared: shared.as('shared') })
    .from(candidates)
    .orderBy(
      sql`${shared} * 3 + ${sameRegion} * 2 desc`,
      sql`${candidates.distance} nulls last`,
      sql`${candidates.lastActiveAt} desc nulls last`,
      sql`${candidates.id} desc`,
    )
    .limit(limit)
  if (ranked.length === 0) return []
  const cards = await selectProfileCards(db).where(
    inArray(
      profiles.id,
      ranked.map((r) => r.id),
    ),
  )
  const byId = new Map(cards.map((c) => [c.id, c]))
  return ranked.flatMap((r) => {
    const card = byId.get(r.id)
    return card ? [{ ...card, shared: Number(r.shared) }] : []
  })
}

/** Every region of a country with how many visible members live there (none kept more precise). */
export function selectRegionCounts(db: Executor, country: string) {
  return db
    .select({
      code: regions.code,
      name: regions.name,
      members: sql<number>`count(${profiles.id})::int`,
    })
    .from(regions)
    .leftJoin(profiles, and(eq(profiles.regionId, regions.id), visibleToOthers()))
    .where(eq(regions.country, country))
    .groupBy(regions.id, regions.code, regions.name)
    .orderBy(regions.name)
}
