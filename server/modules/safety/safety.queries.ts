import { and, between, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { safetyDays } from '#server/db/schema/statistics.ts'

/** Adds to a day's count of one safety event on a site. */
export async function addSafetyCount(
  db: Executor,
  row: { day: string; siteId: number; event: string; count: number },
) {
  await db
    .insert(safetyDays)
    .values(row)
    .onConflictDoUpdate({
      target: [safetyDays.day, safetyDays.siteId, safetyDays.event],
      set: { count: sql`${safetyDays.count} + excluded.count` },
    })
}

/** Each event's count over days (inclusive), on one site or all. */
export function selectSafetyCounts(db: Executor, range: { from: string; to: string; siteId?: number }) {
  return db
    .select({ event: safetyDays.event, count: sql<number>`sum(${safetyDays.count})::int` })
    .from(safetyDays)
    .where(
      and(
        between(safetyDays.day, range.from, range.to),
        range.siteId === undefined ? undefined : eq(safetyDays.siteId, range.siteId),
      ),
    )
    .groupBy(safetyDays.event)
}
