// The member search's filters in SQL (issue 57, point 2): for each filter of
// common/search-filters.ts, the values it puts in a prepared query, its condition on a profile,
// how the search's total counts it and whether "similar members" keep it. The page, the totals
// and the match finder's ranking read this table; a new filter is its entry in
// common/search-filters.ts, its schema, and its entry here.
import { gte, inArray, lte, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { chordOfKm } from '#common/geo-grid.ts'
import { NEW_HERE_DAYS } from '#common/member-signals.ts'
import type { MemberSearchQuery } from '#common/schemas/members.ts'
import { SEARCH_FILTERS, type SearchFilterKey, type SearchParam } from '#common/search-filters.ts'
import { birthRange } from '#server/db/profile-cards.ts'
import {
  profileCellCounts,
  type profileCounts,
  profileInterests,
  profiles,
  users,
} from '#server/db/schema/members.ts'

/** A search's filters as the API names them (the match finder may ask for several genders). */
export type SearchInput = Omit<Partial<Pick<MemberSearchQuery, SearchParam>>, 'gender'> & {
  gender?: string | readonly string[]
}

/** What a search is run against: today (ages become birth dates) and the searcher's place. */
export interface SearchFacts {
  today: Date
  origin?: readonly [number, number, number]
}

/** The values of the filters that are set, by the name of their placeholder in a prepared query. */
export type FilterValues = Record<string, string | number | number[]>

/** A value as the query takes it: its named placeholder (a prepared query), or the value itself. */
export type ValueOf = <T extends string | number>(name: string) => T

/** The per-bucket counts' tables (ADR 7, ADR 26): the same columns, one of them by grid cell. */
type CountsTable = typeof profileCounts | typeof profileCellCounts

interface FilterSql {
  /** The values it sets, none when the search does not ask for it. */
  values(search: SearchInput, facts: SearchFacts): FilterValues
  /** Its condition on a profile, when its values are set. `box`: a page, which may use the index's box. */
  where(values: FilterValues, v: ValueOf, box: boolean): SQL | undefined
  /**
   * How the search's total counts it (ADR 7): `buckets`, a condition on the per-bucket counts
   * (`cells`: only those by grid cell have it); `years`, whole years from the buckets and the
   * partial years row by row (the birth dates); `rows`, row by row up to the cap, as no bucket knows it.
   */
  counted:
    | {
        by: 'buckets'
        cells?: true
        where(values: FilterValues, t: CountsTable, v: ValueOf): SQL | undefined
      }
    | { by: 'years' }
    | { by: 'rows' }
  /** Whether "similar members" (when few match) keep it, or lift it to find more. */
  similar: 'kept' | 'lifted'
}

const has = (values: FilterValues, name: string) => name in values
/** A filter the search does not ask for. */
const NONE: FilterValues = {}

/** The names of the genders' values (gender0, gender1…), in order. */
const genderNames = (values: FilterValues) => Object.keys(values).filter((name) => name.startsWith('gender'))

/** How far a profile's cell centre is from the origin, as a chord (the index's KNN order). */
export const chordFrom = (origin: unknown) => sql`${profiles.geo} <-> ${origin}::cube`

/**
 * A filter that asks for one column's value, which the per-bucket counts hold too (the country, the
 * region): its value by `name`, its condition on the profile and on the counts.
 */
function equalTo(
  name: string,
  read: (search: SearchInput) => string | number | undefined,
  column: AnyPgColumn,
  counted: (t: CountsTable) => AnyPgColumn,
): Omit<FilterSql, 'similar'> {
  return {
    values: (search) => {
      const value = read(search)
      return value ? { [name]: value } : NONE
    },
    where: (values, v) => (has(values, name) ? sql`${column} = ${v(name)}` : undefined),
    counted: {
      by: 'buckets',
      where: (values, t, v) => (has(values, name) ? sql`${counted(t)} = ${v(name)}` : undefined),
    },
  }
}

/** In common/search-filters.ts's order. */
export const FILTER_SQL: Record<SearchFilterKey, FilterSql> = {
  gender: {
    values: (s) =>
      Object.fromEntries([s.gender ?? []].flat().map((gender, i) => [`gender${i}`, gender])) as FilterValues,
    where: (values, v) => {
      const names = genderNames(values)
      return names.length > 0 ? inArray(profiles.gender, names.map(v<string>)) : undefined
    },
    counted: {
      by: 'buckets',
      where: (values, t, v) => {
        const names = genderNames(values)
        return names.length > 0 ? inArray(t.gender, names.map(v<string>)) : undefined
      },
    },
    similar: 'kept',
  },
  distance: {
    // Only from a place: a member without one searches everywhere.
    values: (s, facts) =>
      facts.origin && s.distance
        ? { origin: `(${facts.origin.join(',')})`, within: chordOfKm(s.distance) }
        : NONE,
    // Within a distance: the sphere; with `box`, first the box around the origin that the GiST
    // index serves (a page: its nearest-first walk stops at the box's edge). Counts go without it:
    // PostgreSQL cannot tell how many a box holds and would walk every member of a wide one.
    where: (values, v, box) =>
      has(values, 'within')
        ? sql.join(
            [
              ...(box
                ? [
                    sql`${profiles.geo} <@ cube_enlarge(${v<string>('origin')}::cube, ${v<number>('within')}::float8, 3)`,
                  ]
                : []),
              sql`${chordFrom(v<string>('origin'))} <= ${v<number>('within')}::float8`,
            ],
            sql` and `,
          )
        : undefined,
    counted: {
      by: 'buckets',
      cells: true,
      where: (values, _t, v) =>
        has(values, 'within')
          ? sql`${profileCellCounts.geo} <@ cube_enlarge(${v<string>('origin')}::cube, ${v<number>('within')}::float8, 3) and ${profileCellCounts.geo} <-> ${v<string>('origin')}::cube <= ${v<number>('within')}::float8`
          : undefined,
    },
    similar: 'lifted',
  },
  country: {
    ...equalTo(
      'country',
      (s) => s.country,
      profiles.country,
      (t) => t.country,
    ),
    similar: 'kept',
  },
  region: {
    ...equalTo(
      'region',
      (s) => s.countryregion,
      profiles.regionId,
      (t) => t.regionId,
    ),
    similar: 'lifted',
  },
  ages: {
    // Ages become a birth-date range (inclusive), which an index serves.
    values: (s, facts) => {
      const born = birthRange({ minAge: s.min_age, maxAge: s.max_age }, facts.today)
      return { ...(born.from ? { from: born.from } : NONE), ...(born.to ? { to: born.to } : {}) }
    },
    where: (values, v) =>
      has(values, 'from') || has(values, 'to')
        ? sql.join(
            [
              ...(has(values, 'from') ? [gte(profiles.birthDate, v<string>('from'))] : []),
              ...(has(values, 'to') ? [lte(profiles.birthDate, v<string>('to'))] : []),
            ],
            sql` and `,
          )
        : undefined,
    counted: { by: 'years' },
    similar: 'lifted',
  },
  verified: {
    values: (s) => (s.verified === '1' ? { verified: 1 } : NONE),
    where: (values) => (has(values, 'verified') ? sql`${profiles.verified}` : undefined),
    // Their own partial index serves them.
    counted: { by: 'rows' },
    similar: 'kept',
  },
  newHere: {
    // Real members who signed up in the last 14 days (issue 61, point 5), by the search's clock.
    values: (s, facts) =>
      s.new_here === '1'
        ? { joined_after: new Date(facts.today.getTime() - NEW_HERE_DAYS * 86_400_000).toISOString() }
        : NONE,
    where: (values, v) =>
      has(values, 'joined_after')
        ? sql`not ${profiles.fictional} and exists (select 1 from ${users} u where u.id = ${profiles.userId} and u.signup_date > ${v<string>('joined_after')}::timestamptz)`
        : undefined,
    counted: { by: 'rows' },
    similar: 'lifted',
  },
  interests: {
    values: (s) => (s.interests?.length ? { interests: [...s.interests] } : NONE),
    where: (values, v) =>
      has(values, 'interests')
        ? sql`exists (select 1 from ${profileInterests} pi where pi.profile_id = ${profiles.id} and pi.interest_id = any(${v<string>('interests')}::int[]))`
        : undefined,
    // A popular interest is shared by a sixth of everyone: counted up to the cap, then "more than".
    counted: { by: 'rows' },
    similar: 'lifted',
  },
}

const FILTERS = Object.values(FILTER_SQL)
const KEYS = Object.keys(FILTER_SQL) as SearchFilterKey[]
/** The parameters "similar members" drop: those of the filters they lift. */
const LIFTED_PARAMS = KEYS.filter((key) => FILTER_SQL[key].similar === 'lifted').flatMap(
  (key) => SEARCH_FILTERS[key].params,
)

/**
 * A search's filters worked out once for an answer, which its page, its totals and "similar members"
 * all read: the values of the filters it sets, and what those filters ask of its queries.
 */
export interface SearchPlan {
  /** The values of the filters set, by placeholder, in the table's order (a prepared query's shape follows it). */
  values: FilterValues
  /** It sets a filter that only a count row by row can total (past INTERESTS_COUNT_CAP, "more than"). */
  countedByRows: boolean
  /** It sets a filter whose buckets are those of the grid's cells. */
  countedByCells: boolean
  /** It sets a filter "similar members" lift, so that they find more. */
  narrowed: boolean
}

/** Whether a filter's values set any (without listing their names). */
function setsAny(values: FilterValues): boolean {
  for (const _ in values) return true
  return false
}

export function planSearch(search: SearchInput, facts: SearchFacts): SearchPlan {
  const plan: SearchPlan = { values: {}, countedByRows: false, countedByCells: false, narrowed: false }
  for (const filter of FILTERS) {
    const values = filter.values(search, facts)
    if (!setsAny(values)) continue
    Object.assign(plan.values, values)
    if (filter.counted.by === 'rows') plan.countedByRows = true
    if (filter.counted.by === 'buckets' && filter.counted.cells) plan.countedByCells = true
    if (filter.similar === 'lifted') plan.narrowed = true
  }
  return plan
}

/** The search "similar members" run: the search less the filters they lift. */
export function similarSearch(search: SearchInput): SearchInput {
  const wider: SearchInput = { ...search }
  for (const param of LIFTED_PARAMS) delete wider[param]
  return wider
}
