import { sql } from 'drizzle-orm'
import { type Executor, queryRows } from '#server/db/client.ts'

// The trust page's figures (issue 54, point 10; ADR 32): each counted from the rows it is about.

/** The site's profiles a member can see (active, not hidden, not invisible, account not deleted). */
export async function selectProfileCounts(db: Executor, siteId: number) {
  const [row] = await queryRows<{ total: number; fictional: number; real: number; verified: number }>(
    db,
    sql`select count(*)::int as total,
        count(*) filter (where p.fictional)::int as fictional,
        count(*) filter (where not p.fictional)::int as real,
        count(*) filter (where p.verified)::int as verified
      from profiles p join users u on u.id = p.user_id
      where u.site_id = ${siteId} and u.deleted_at is null
        and p.status = 'active' and not p.invisible and not p.hidden`,
  )
  return row ?? { total: 0, fictional: 0, real: 0, verified: 0 }
}

/** The operators' answers on the site since an instant, and the median wait of the members answered. */
export async function selectOperatorAnswers(db: Executor, siteId: number, since: Date) {
  const [row] = await queryRows<{ answers: number; median: number | string | null }>(
    db,
    sql`select count(*)::int as answers,
        percentile_cont(0.5) within group (order by waited_seconds) as median
      from operator_answers where site_id = ${siteId} and answered_at >= ${since.toISOString()}`,
  )
  return { answers: row?.answers ?? 0, median: row?.median == null ? null : Number(row.median) }
}

/**
 * Money paid back on the site since an instant, per currency: withdrawals (the member's own,
 * ADR 32) and refunds by customer service, each once its refund is done.
 */
export async function selectRefundsPaid(db: Executor, siteId: number, since: Date) {
  return queryRows<{
    currency: string
    withdrawals: number
    withdrawn: number
    refunds: number
    refunded: number
  }>(
    db,
    sql`select currency,
        count(*) filter (where withdrawn_at is not null)::int as withdrawals,
        coalesce(sum(refund_amount) filter (where withdrawn_at is not null), 0)::int as withdrawn,
        count(*) filter (where withdrawn_at is null)::int as refunds,
        coalesce(sum(coalesce(refund_amount, amount)) filter (where withdrawn_at is null), 0)::int as refunded
      from payments
      where site_id = ${siteId} and status = 'refunded' and refunded_at >= ${since.toISOString()}
      group by currency order by currency`,
  )
}

/** Complaints and reports decided on the site since an instant, and the median hours from queue to decision. */
export async function selectReportsDecided(db: Executor, siteId: number, since: Date) {
  const [row] = await queryRows<{ decided: number; median: number | string | null }>(
    db,
    sql`select count(*)::int as decided,
        percentile_cont(0.5) within group (order by extract(epoch from decided_at - queued_at)) as median
      from complaints
      where site_id = ${siteId} and decided_at is not null and decided_at >= ${since.toISOString()}`,
  )
  return { decided: row?.decided ?? 0, median: row?.median == null ? null : Number(row.median) }
}
