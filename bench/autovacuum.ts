import type pg from 'pg'

/**
 * What autovacuum did to `tables` between two moments, from PostgreSQL's own statistics ("analyze
 * messages", "vacuum users"): a bench names it beside a round it fell in. An analyze invalidates
 * every plan that reads its table, and on a young database it comes once a minute (ADR 39).
 * Statistics keep each table's last pass only: read it after every round shorter than a minute.
 */
export async function autovacuumBetween(
  db: pg.Client,
  tables: readonly string[],
  from: Date,
  to: Date,
): Promise<string[]> {
  const { rows } = await db.query<{ relname: string; vacuumed: Date | null; analyzed: Date | null }>(
    `select relname, last_autovacuum as vacuumed, last_autoanalyze as analyzed
       from pg_stat_user_tables where relname = any($1) order by relname`,
    [tables],
  )
  const within = (at: Date | null) => at !== null && at >= from && at <= to
  return rows.flatMap((row) => [
    ...(within(row.vacuumed) ? [`vacuum ${row.relname}`] : []),
    ...(within(row.analyzed) ? [`analyze ${row.relname}`] : []),
  ])
}
