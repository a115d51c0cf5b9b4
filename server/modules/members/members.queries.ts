// Member search: the filters' conditions (search-sql.ts) in queries prepared once per database and
// shape, the pages of results, the match finder's ranking and the regions' counts (ADR 6); the totals are in
// search-totals.queries.ts (ADR 7).
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import { type Executable, withArrayRows } from '#server/db/array-rows.ts'
import type { Executor } from '#server/db/client.ts'
import {
  distanceFrom,
  notBlockedWith,
  selectProfileCards,
  visibleToOthers,
} from '#server/db/profile-cards.ts'
import { pinnedTo, readRetried } from '#server/db/replicas.ts'
import { profileInterests, profiles } from '#server/db/schema/members.ts'
import { regions } from '#server/db/schema/reference.ts'
import {
  chordFrom,
  FILTER_SQL,
  type FilterValues,
  type SearchFacts,
  type SearchPlan,
  type ValueOf,
} from './search-sql.ts'

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

/** A member's place: the grid cell of their town, or null (ADR 26). Every search asks it first. */
export async function selectPlaceOf(db: Executor, userId: number): Promise<number | null> {
  const [row] = await prepared(db, 'place', () =>
    db
      .select({ cell: profiles.geoCell })
      .from(profiles)
      .where(eq(profiles.userId, sql.placeholder('user'))),
  ).execute({ user: userId })
  return row?.cell ?? null
}

/** Who searches: their own profile and those on either side of a block with them are left out. */
export type SearchFactsOf = SearchFacts & { viewer: number | null }

/** The viewer's value, then the filters' (planSearch): the values of a search's prepared query. */
const viewerValues = (facts: SearchFactsOf): FilterValues =>
  facts.viewer === null ? {} : { viewer: facts.viewer }

/**
 * A search's conditions: profiles others may see, less the viewer's own and those blocked either
 * way, and each filter's (search-sql.ts). With `placeholders`, each value is its named placeholder
 * (the query is prepared once for every search with the same filters set, see `prepared`); else
 * the value itself. `box`: a page, which may walk the distance's box.
 */
export function searchConditions(
  values: FilterValues,
  { placeholders = false, box = false }: { placeholders?: boolean; box?: boolean } = {},
): SQL | undefined {
  const v: ValueOf = <T extends string | number>(name: string) =>
    (placeholders ? sql.placeholder(name) : values[name]) as T
  return and(
    visibleToOthers(),
    'viewer' in values ? ne(profiles.userId, v<number>('viewer')) : undefined,
    'viewer' in values ? notBlockedWith(v<number>('viewer')) : undefined,
    ...Object.values(FILTER_SQL).map((filter) => filter.where(values, v, box)),
  )
}

/** Queries per database (as given: the reads' one picks a replica per read) and per shape. */
type QueriesOf = WeakMap<Executor, Map<string, Executable<unknown>>>
/** What runs a shape's query on the reads' database as given (prepared); and on each one it picks (preparedOn). */
const routedQueries: QueriesOf = new WeakMap()
const preparedQueries: QueriesOf = new WeakMap()

/** `db`'s query of `shape` in `store`, made by `make` the first time. */
function queryOf<T>(store: QueriesOf, db: Executor, shape: string, make: () => Executable<T>): Executable<T> {
  let queries = store.get(db)
  if (!queries) {
    queries = new Map()
    store.set(db, queries)
  }
  let query = queries.get(shape) as Executable<T> | undefined
  if (!query) {
    query = make()
    queries.set(shape, query as Executable<unknown>)
  }
  return query
}

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
): Executable<T> {
  return queryOf(routedQueries, db, shape, () => {
    // On the database the read goes to, again elsewhere if a replica stops under it (ADR 39); made
    // there, on the database it runs on (a replica's or the primary's), the first time.
    const on = (target: Executor) =>
      queryOf(preparedQueries, target, shape, () =>
        pinnedTo(target, () => withArrayRows(build().prepare(''))),
      )
    return { execute: (values) => readRetried(db, (target) => on(target).execute(values)) }
  })
}

export const shapeOf = (kind: string, values: FilterValues) => `${kind}:${Object.keys(values).join(',')}`

/**
 * Visible profiles matching the filters: the nearest first when the searcher has a place, else
 * the most recently active first; `limit` from `offset`.
 */
export function selectProfiles(
  db: Executor,
  search: SearchPlan,
  facts: SearchFactsOf,
  page: { limit: number; offset: number },
) {
  const values = { ...viewerValues(facts), ...search.values }
  if (facts.origin) values.origin = `(${facts.origin.join(',')})`
  return prepared(db, shapeOf('page', values), () =>
    selectProfileCards(db)
      .where(searchConditions(values, { placeholders: true, box: true }))
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
  search: SearchPlan,
  facts: SearchFactsOf,
  rank: {
    interestIds: number[]
    preferRegionId?: number
    /** The viewer's place: the nearest first. */
    nearest?: readonly [number, number, number]
  },
  limit: number,
) {
  const distance = rank.nearest ? distanceFrom(rank.nearest) : sql<number>`0`
  const candidates = db
    .select({
      id: profiles.id,
      regionId: profiles.regionId,
      lastActiveAt: profiles.lastActiveAt,
      distance: sql<number>`${distance}`.as('distance'),
    })
    .from(profiles)
    .where(searchConditions({ ...viewerValues(facts), ...search.values }))
    .orderBy(...(rank.nearest ? [sql`${distance} nulls last`, ...MOST_RECENT_FIRST] : MOST_RECENT_FIRST))
    .limit(RANKED_CANDIDATES)
    .as('c')
  const shared =
    rank.interestIds.length > 0
      ? sql<number>`(select count(*)::int from ${profileInterests} pi where pi.profile_id = ${candidates.id} and pi.interest_id in ${rank.interestIds})`
      : sql<number>`0`
  const sameRegion = rank.preferRegionId
    ? sql<number>`(case when ${candidates.regionId} = ${rank.preferRegionId} then 1 else 0 end)`
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
