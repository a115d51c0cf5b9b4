import { type SQL, sql } from 'drizzle-orm'
import type { StatsQuery } from '#common/schemas/statistics.ts'
import { type Db, queryRows } from '#server/db/client.ts'

/** The report's grouping on an aggregate table's row. */
function keyOf(by: StatsQuery['by']): SQL {
  switch (by) {
    case 'day':
      return sql.raw(`to_char(day, 'YYYY-MM-DD')`)
    case 'site':
      return sql.raw('site_id::text')
    default:
      return sql.raw(by)
  }
}

/** The same grouping on a payment and its member (for members who paid, counted once each). */
function paymentKeyOf(by: StatsQuery['by']): SQL {
  switch (by) {
    case 'day':
      return sql.raw(`to_char((p.credited_at at time zone 'UTC')::date, 'YYYY-MM-DD')`)
    case 'site':
      return sql.raw('p.site_id::text')
    default:
      return sql.raw(`coalesce(u.tracking->>'${by}', '')`)
  }
}

function filters(query: StatsQuery): SQL {
  const parts = [sql`day >= ${query.from}::date and day <= ${query.to}::date`]
  if (query.site !== undefined) parts.push(sql`site_id = ${query.site}`)
  if (query.network !== undefined) parts.push(sql`network = ${query.network}`)
  return sql.join(parts, sql` and `)
}

/**
 * A report's figures, read from the daily aggregates only, except the members who paid over a
 * range: a member paying on two days is one paying member, so those are counted from the payments
 * (through their index on the time they were credited), never from the messages.
 */
export async function readFigures(db: Db, query: StatsQuery) {
  const key = keyOf(query.by)
  const where = filters(query)
  const counts = await queryRows<{
    key: string
    currency: string
    signups: number
    confirmations: number
    first_purchases: number
    purchases: number
    refunds: number
    withdrawals: number
    answers: number
    answer_wait_seconds: number
    calls: number
    call_minutes: number
    revenue: number
    refunded: number
    withdrawn: number
  }>(
    db,
    sql`select ${key} as key, currency, sum(signups)::int as signups, sum(confirmations)::int as confirmations,
      sum(first_purchases)::int as first_purchases, sum(purchases)::int as purchases, sum(refunds)::int as refunds,
      sum(withdrawals)::int as withdrawals,
      sum(answers)::int as answers, sum(answer_wait_seconds)::float8 as answer_wait_seconds,
      sum(calls)::int as calls, sum(call_minutes)::int as call_minutes,
      sum(revenue)::float8 as revenue, sum(refunded)::float8 as refunded,
      sum(withdrawn)::float8 as withdrawn
    from stats_days where ${where} group by 1, 2`,
  )
  const visits = await queryRows<{ key: string; visits: number }>(
    db,
    sql`select ${key} as key, sum(visits)::int as visits from stats_visit_days where ${where} group by 1`,
  )
  const messages = await queryRows<{ key: string; to_members: number; to_fictional: number }>(
    db,
    sql`select ${key} as key, sum(to_members)::int as to_members, sum(to_fictional)::int as to_fictional
    from stats_message_days where ${where} group by 1`,
  )
  const payers =
    query.by === 'day'
      ? await queryRows<{ key: string; currency: string; paying: number }>(
          db,
          sql`select ${key} as key, currency, sum(paying_members)::int as paying from stats_days
          where ${where} and currency <> '' group by 1, 2`,
        )
      : await distinctPayers(db, query, paymentKeyOf(query.by))
  const totalPayers = await distinctPayers(db, query, sql`''`)
  return { counts, visits, messages, payers, totalPayers }
}

/** Members who paid in the range, once each, per group and currency. */
function distinctPayers(db: Db, query: StatsQuery, key: SQL) {
  const parts = [
    sql`p.credited_at >= ${query.from}::date::timestamp at time zone 'UTC'`,
    sql`p.credited_at < (${query.to}::date + 1)::timestamp at time zone 'UTC'`,
    sql`not u.demo and not exists (select 1 from profiles fp where fp.user_id = u.id and fp.fictional)`,
  ]
  if (query.site !== undefined) parts.push(sql`p.site_id = ${query.site}`)
  if (query.network !== undefined) parts.push(sql`coalesce(u.tracking->>'network', '') = ${query.network}`)
  return queryRows<{ key: string; currency: string; paying: number }>(
    db,
    sql`select ${key} as key, p.currency, count(distinct p.user_id)::int as paying
    from payments p join users u on u.id = p.user_id
    where ${sql.join(parts, sql` and `)} group by 1, 2`,
  )
}
