// The search's totals (ADR 7): whole calendar years summed from profile_counts, partial years and
// narrow searches counted live, and the members a viewer does not see taken off.
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { type BirthRange, birthRange } from '#server/db/profile-cards.ts'

import { blocks, profileCellCounts, profileCounts, profiles } from '#server/db/schema/members.ts'

import {
  type FilterValues,
  filterConditions,
  filterValues,
  genderNames,
  INTERESTS_COUNT_CAP,
  type ProfileFilters,
  prepared,
  shapeOf,
} from './members.queries.ts'

/**
 * The birth range cut into whole calendar years, summed from `profile_counts`, and at most two
 * partial years at its ends, counted live (each a year at most, served by a birth-date index).
 */
export function splitByYear(born: BirthRange): {
  years: { from?: number; to?: number } | null
  partial: BirthRange[]
} {
  const fromYear = born.from ? Number(born.from.slice(0, 4)) : undefined
  const toYear = born.to ? Number(born.to.slice(0, 4)) : undefined
  if (
    fromYear !== undefined &&
    fromYear === toYear &&
    !(born.from?.endsWith('-01-01') && born.to?.endsWith('-12-31'))
  ) {
    return { years: null, partial: [born] }
  }
  const partial: BirthRange[] = []
  let firstYear = fromYear
  let lastYear = toYear
  if (born.from && fromYear !== undefined && !born.from.endsWith('-01-01')) {
    partial.push({ from: born.from, to: `${fromYear}-12-31` })
    firstYear = fromYear + 1
  }
  if (born.to && toYear !== undefined && !born.to.endsWith('-12-31')) {
    partial.push({ from: `${toYear}-01-01`, to: born.to })
    lastYear = toYear - 1
  }
  const empty = firstYear !== undefined && lastYear !== undefined && firstYear > lastYear
  return { years: empty ? null : { from: firstYear, to: lastYear }, partial }
}

/** How many visible profiles match the filters (all viewers alike: `excludeUserId` is ignored). */
export async function countProfiles(db: Executor, filters: ProfileFilters): Promise<number> {
  // Within a distance the buckets are those of the grid's cells (ADR 26); else the whole table's.
  const near = filters.withinChord !== undefined ? filters.origin : undefined
  const shared = { ...filters, excludeUserId: null, origin: near }
  // Interests: no bucket knows them, so a search that asks for some is counted row by row, up to
  // INTERESTS_COUNT_CAP (then "more than"): a popular interest is shared by a sixth of everyone.
  // Likewise verified members only (their own partial index serves them).
  if (shared.anyInterests?.length || shared.verifiedOnly) {
    const values = filterValues(shared, birthRange(filters, filters.today))
    const [row] = await prepared(db, shapeOf('count-capped', values), () =>
      db.select({ n: sql<number>`count(*)::int` }).from(
        db
          .select({ one: sql`1`.as('one') })
          .from(profiles)
          .where(filterConditions(values, { placeholders: true }))
          .limit(INTERESTS_COUNT_CAP + 1)
          .as('matches'),
      ),
    ).execute(values)
    return Number(row?.n ?? 0)
  }
  const { years, partial } = splitByYear(birthRange(filters, filters.today))
  const counts = await Promise.all([
    years ? sumProfileCounts(db, shared, years) : 0,
    ...partial.map(async (born) => {
      const values = filterValues(shared, born)
      // A partial year within a distance: read through the birth dates, not the box.
      const [row] = await prepared(db, shapeOf('count', values), () =>
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(profiles)
          .where(filterConditions(values, { placeholders: true })),
      ).execute(values)
      return Number(row?.n ?? 0)
    }),
  ])
  return counts.reduce((a, b) => a + b, 0)
}

/** Whole birth years' counts: from `profile_counts`, or `profile_cell_counts` within a distance. */
async function sumProfileCounts(db: Executor, f: ProfileFilters, years: { from?: number; to?: number }) {
  const values: FilterValues = filterValues({ ...f, excludeUserId: null }, {})
  if (years.from !== undefined) values.fromYear = years.from
  if (years.to !== undefined) values.toYear = years.to
  const genders = genderNames(values)
  const near = 'within' in values
  const table = near ? profileCellCounts : profileCounts
  const [row] = await prepared(db, shapeOf('years', values), () =>
    db
      .select({ n: sql<number>`coalesce(sum(${table.n}), 0)::int` })
      .from(table)
      .where(
        and(
          genders.length > 0
            ? inArray(
                table.gender,
                genders.map((name) => sql.placeholder(name)),
              )
            : undefined,
          'country' in values ? eq(table.country, sql.placeholder('country')) : undefined,
          'region' in values ? eq(table.regionId, sql.placeholder('region')) : undefined,
          'fromYear' in values ? gte(table.birthYear, sql.placeholder('fromYear')) : undefined,
          'toYear' in values ? lte(table.birthYear, sql.placeholder('toYear')) : undefined,
          near
            ? sql`${profileCellCounts.geo} <@ cube_enlarge(${sql.placeholder('origin')}::cube, ${sql.placeholder('within')}::float8, 3) and ${profileCellCounts.geo} <-> ${sql.placeholder('origin')}::cube <= ${sql.placeholder('within')}::float8`
            : undefined,
        ),
      ),
  ).execute(values)
  return Number(row?.n ?? 0)
}

/**
 * Of the profiles matching the filters, those a viewer never sees: their own and those on either
 * side of a block with them. Driven by the viewer's few blocks, so it stays cheap at any size.
 */
export async function countViewerExclusions(
  db: Executor,
  filters: ProfileFilters,
  viewerUserId: number,
): Promise<number> {
  const near = filters.withinChord !== undefined ? filters.origin : undefined
  const values = filterValues(
    { ...filters, excludeUserId: null, origin: near },
    birthRange(filters, filters.today),
  )
  const member = sql.placeholder('member')
  const [row] = await prepared(db, shapeOf('excluded', values), () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(
        and(
          // Driven by the viewer's few ids, never by a distance's box.
          filterConditions(values, { placeholders: true }),
          sql`${profiles.userId} in (select ${member}::int union select blocked_user_id from ${blocks} where blocker_user_id = ${member} union select blocker_user_id from ${blocks} where blocked_user_id = ${member})`,
        ),
      ),
  ).execute({ ...values, member: viewerUserId })
  return Number(row?.n ?? 0)
}
