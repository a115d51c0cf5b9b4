// The search's totals (ADR 7): whole calendar years summed from profile_counts, partial years and
// narrow searches counted live, and the members a viewer does not see taken off.
import { and, gte, lte, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import type { BirthRange } from '#server/db/profile-cards.ts'
import { blocks, profileCellCounts, profileCounts, profiles } from '#server/db/schema/members.ts'
import { INTERESTS_COUNT_CAP, prepared, searchConditions, shapeOf } from './members.queries.ts'
import { FILTER_SQL, type FilterValues, type SearchPlan, type ValueOf } from './search-sql.ts'

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

/** The values less the birth dates (the years' counts and the partial years set their own). */
function withoutBirthDates(values: FilterValues): FilterValues {
  const { from: _from, to: _to, ...rest } = values
  return rest
}

/** How many visible profiles match a search (all viewers alike: see countViewerExclusions). */
export async function countProfiles(db: Executor, search: SearchPlan): Promise<number> {
  const { values } = search
  // A filter no bucket knows is counted row by row, up to INTERESTS_COUNT_CAP (then "more than").
  if (search.countedByRows) {
    const [row] = await prepared(db, shapeOf('count-capped', values), () =>
      db.select({ n: sql<number>`count(*)::int` }).from(
        db
          .select({ one: sql`1`.as('one') })
          .from(profiles)
          .where(searchConditions(values, { placeholders: true }))
          .limit(INTERESTS_COUNT_CAP + 1)
          .as('matches'),
      ),
    ).execute(values)
    return Number(row?.n ?? 0)
  }
  const { years, partial } = splitByYear({ from: values.from as string, to: values.to as string })
  const counts = await Promise.all([
    years ? sumProfileCounts(db, withoutBirthDates(values), years, search.countedByCells) : 0,
    ...partial.map(async (born) => {
      const bounded: FilterValues = { ...withoutBirthDates(values), ...born }
      // A partial year within a distance: read through the birth dates, not the box.
      const [row] = await prepared(db, shapeOf('count', bounded), () =>
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(profiles)
          .where(searchConditions(bounded, { placeholders: true })),
      ).execute(bounded)
      return Number(row?.n ?? 0)
    }),
  ])
  return counts.reduce((a, b) => a + b, 0)
}

/** The filters counted by buckets (search-sql.ts), as their counts' conditions. */
const BY_BUCKETS = Object.values(FILTER_SQL).flatMap((filter) =>
  filter.counted.by === 'buckets' ? [filter.counted] : [],
)

/**
 * Whole birth years' counts: the filters counted by buckets, from `profile_counts`, or from
 * `profile_cell_counts` when one of them needs the grid's cells (within a distance, ADR 26).
 */
async function sumProfileCounts(
  db: Executor,
  filters: FilterValues,
  years: { from?: number; to?: number },
  byCells: boolean,
) {
  const values: FilterValues = { ...filters }
  if (years.from !== undefined) values.fromYear = years.from
  if (years.to !== undefined) values.toYear = years.to
  const v: ValueOf = <T extends string | number>(name: string) => sql.placeholder(name) as unknown as T
  const table = byCells ? profileCellCounts : profileCounts
  const [row] = await prepared(db, shapeOf('years', values), () =>
    db
      .select({ n: sql<number>`coalesce(sum(${table.n}), 0)::int` })
      .from(table)
      .where(
        and(
          ...BY_BUCKETS.map((c) => c.where(values, table, v)),
          'fromYear' in values ? gte(table.birthYear, sql.placeholder('fromYear')) : undefined,
          'toYear' in values ? lte(table.birthYear, sql.placeholder('toYear')) : undefined,
        ),
      ),
  ).execute(values)
  return Number(row?.n ?? 0)
}

/**
 * Of the profiles matching a search, those a viewer never sees: their own and those on either
 * side of a block with them. Driven by the viewer's few blocks, so it stays cheap at any size.
 */
export async function countViewerExclusions(
  db: Executor,
  search: SearchPlan,
  viewerUserId: number,
): Promise<number> {
  const { values } = search
  const member = sql.placeholder('member')
  const [row] = await prepared(db, shapeOf('excluded', values), () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(
        and(
          // Driven by the viewer's few ids, never by a distance's box.
          searchConditions(values, { placeholders: true }),
          sql`${profiles.userId} in (select ${member}::int union select blocked_user_id from ${blocks} where blocker_user_id = ${member} union select blocker_user_id from ${blocks} where blocked_user_id = ${member})`,
        ),
      ),
  ).execute({ ...values, member: viewerUserId })
  return Number(row?.n ?? 0)
}
