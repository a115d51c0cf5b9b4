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

/**
 * The chat's tables, with the rows a site taking 1,000 messages a second holds in them (86 million
 * messages a day): the bench's own tables stand for these.
 */
const SITE_ROWS = {
  messages: 100_000_000,
  credit_ledger: 100_000_000,
  conversation_members: 50_000_000,
  users: 10_000_000,
} as const

/** The tables a send writes: an autovacuum pass over one of them shows beside its round. */
export const CHAT_TABLES = Object.keys(SITE_ROWS)

/**
 * Autovacuum on the chat's tables as PostgreSQL's default scale factors time it on a site's tables
 * (a vacuum after a fifth of the rows changed or inserted, an analyze after a tenth): on the bench's
 * tables of a hundred rows, which the load doubles every few seconds, it otherwise analyzed all four
 * once a minute, and every timed run had such a pass in one of its rounds (ADR 39). On a site's
 * tables at this rate it comes every few hours; the bench still names any pass beside its round.
 */
export async function autovacuumAsOnASite(db: pg.Client) {
  for (const [table, rows] of Object.entries(SITE_ROWS))
    await db.query(
      `alter table ${table} set (
         autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = ${rows / 5},
         autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = ${rows / 5},
         autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = ${rows / 10})`,
    )
}
