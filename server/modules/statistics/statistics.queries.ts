import { sql } from 'drizzle-orm'
import type { Tracking } from '#common/schemas/accounts.ts'
import { type Db, type Executor, queryRows } from '#server/db/client.ts'
import { shifted } from '#server/lib/clock.ts'

/** The traffic source of a member's row: what the member arrived with, '' where nothing. */
const sourceOf = (tracking: ReturnType<typeof sql.raw>) => sql`
  coalesce(${tracking}->>'network', '') as network, coalesce(${tracking}->>'ref', '') as ref,
  coalesce(${tracking}->>'sub1', '') as sub1, coalesce(${tracking}->>'sub2', '') as sub2,
  coalesce(${tracking}->>'sub3', '') as sub3`
const KEY = sql.raw('day, site_id, network, ref, sub1, sub2, sub3')
/** Who counts in the figures: real members, neither demo members nor fictional profiles. */
const REAL = sql.raw(
  'not u.demo and not exists (select 1 from profiles fp where fp.user_id = u.id and fp.fictional)',
)
const dayOf = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date`)

/**
 * Computes the figures of the UTC days [from, to) again from the members, payments and answers
 * tables (each read through its index on the time it counts), replacing what was kept for them.
 */
export async function recomputeDays(db: Db, from: string, to: string) {
  const start = sql`${from}::date::timestamp at time zone 'UTC'`
  const end = sql`${to}::date::timestamp at time zone 'UTC'`
  await db.transaction(async (tx) => {
    // Two nodes computing the same days take turns (the second one's result is as good).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('stats_days'))`)
    await tx.execute(sql`delete from stats_days where day >= ${from}::date and day < ${to}::date`)
    await tx.execute(sql`
      insert into stats_days (${KEY}, currency, signups, confirmations, first_purchases, paying_members,
        purchases, revenue, refunds, refunded, withdrawals, withdrawn, answers, answer_wait_seconds, calls, call_minutes)
      select ${KEY}, currency, sum(signups), sum(confirmations), sum(first_purchases), sum(paying_members),
        sum(purchases), sum(revenue), sum(refunds), sum(refunded), sum(withdrawals), sum(withdrawn), sum(answers),
        sum(answer_wait_seconds), sum(calls), sum(call_minutes)
      from (
        select ${dayOf('u.signup_date')} as day, u.site_id, ${sourceOf(sql.raw('u.tracking'))}, '' as currency,
          1 as signups, 0 as confirmations, 0 as first_purchases, 0 as paying_members, 0 as purchases,
          0 as revenue, 0 as refunds, 0 as refunded, 0 as withdrawals, 0 as withdrawn, 0 as answers,
          0 as answer_wait_seconds, 0 as calls, 0 as call_minutes
        from users u where u.signup_date >= ${start} and u.signup_date < ${end} and ${REAL}
        union all
        select ${dayOf('u.confirmed_at')}, u.site_id, ${sourceOf(sql.raw('u.tracking'))}, '',
          0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        from users u where u.confirmed_at >= ${start} and u.confirmed_at < ${end} and ${REAL}
        union all
        select day, site_id, network, ref, sub1, sub2, sub3, currency, 0, 0,
          count(*) filter (where first), count(distinct user_id), count(*), sum(amount), 0, 0, 0, 0, 0, 0, 0, 0
        from (
          select ${dayOf('p.credited_at')} as day, p.site_id, ${sourceOf(sql.raw('u.tracking'))}, p.currency,
            p.user_id, p.amount,
            not exists (select 1 from payments e where e.user_id = p.user_id and e.credited_at is not null
              and (e.credited_at, e.id) < (p.credited_at, p.id)) as first
          from payments p join users u on u.id = p.user_id
          where p.credited_at >= ${start} and p.credited_at < ${end} and ${REAL}
        ) credited
        group by day, site_id, network, ref, sub1, sub2, sub3, currency
        union all
        -- Support's refunds and chargebacks apart from the members' own withdrawals (ADR 32).
        select ${dayOf('p.refunded_at')}, p.site_id, ${sourceOf(sql.raw('u.tracking'))}, p.currency,
          0, 0, 0, 0, 0, 0,
          (p.withdrawn_at is null)::int, case when p.withdrawn_at is null then coalesce(p.refund_amount, p.amount) else 0 end,
          (p.withdrawn_at is not null)::int, case when p.withdrawn_at is not null then p.refund_amount else 0 end,
          0, 0, 0, 0
        from payments p join users u on u.id = p.user_id
        where p.refunded_at >= ${start} and p.refunded_at < ${end} and ${REAL}
        union all
        select ${dayOf('a.answered_at')}, a.site_id, ${sourceOf(sql.raw('u.tracking'))}, '',
          0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, a.waited_seconds, 0, 0
        from operator_answers a
        join lateral (
          select cm.user_id from conversation_members cm join profiles pr on pr.user_id = cm.user_id
          where cm.conversation_id = a.conversation_id and not pr.fictional limit 1
        ) m on true
        join users u on u.id = m.user_id
        where a.answered_at >= ${start} and a.answered_at < ${end} and ${REAL}
        union all
        -- Calls (issue 59), by the day they rang and the caller's site and source; minutes paid.
        select ${dayOf('c.started_at')}, c.site_id, ${sourceOf(sql.raw('u.tracking'))}, '',
          0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, c.minutes_charged
        from calls c join users u on u.id = c.caller_user_id
        where c.started_at >= ${start} and c.started_at < ${end} and ${REAL}
      ) facts
      group by ${KEY}, currency`)
  })
}

/** The most message rows one roll-up step reads. */
const ROLLUP_BATCH = 20_000

/**
 * Counts the members' messages written since the last roll-up into their day, once each: the
 * watermark (the last message id counted) moves in the same transaction as the counts, under a row
 * lock, so two nodes never count a message twice. Messages of the last minute (by the injected
 * clock, which dates them in chat_send) wait for the next step, and a step stops before the first
 * message younger than that: a message whose transaction commits later than one with a higher id is
 * still counted (ADR 18). Answers `true` when more wait.
 */
export async function rollUpMessages(db: Db, now: Date): Promise<boolean> {
  const youngFrom = shifted(now, -60_000)
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into stats_rollups (name) values ('messages') on conflict do nothing`)
    const [mark] = await queryRows<{ last_id: string }>(
      tx,
      sql`select last_id from stats_rollups where name = 'messages' for update`,
    )
    const after = Number(mark.last_id)
    const [bounds] = await queryRows<{ young: string | null; upto: string | null; n: number }>(
      tx,
      sql`select
        (select min(id) from messages where id > ${after} and created_at >= ${youngFrom}) as young,
        max(id) as upto, count(*)::int as n
        from (select id from messages where id > ${after} order by id limit ${ROLLUP_BATCH}) batch`,
    )
    if (bounds.upto === null) return false
    const young = bounds.young === null ? null : Number(bounds.young)
    const upto = young === null ? Number(bounds.upto) : Math.min(Number(bounds.upto), young - 1)
    if (upto <= after) return false
    await countMessages(tx, after, upto)
    await tx.execute(sql`update stats_rollups set last_id = ${upto} where name = 'messages'`)
    return bounds.n === ROLLUP_BATCH && (young === null || young > Number(bounds.upto))
  })
}

async function countMessages(tx: Executor, after: number, upto: number) {
  await tx.execute(sql`
    insert into stats_message_days (${KEY}, to_members, to_fictional)
    select ${KEY}, count(*) filter (where not to_fictional), count(*) filter (where to_fictional)
    from (
      select ${dayOf('m.created_at')} as day, u.site_id, ${sourceOf(sql.raw('u.tracking'))},
        coalesce(pp.fictional, false) as to_fictional
      from messages m
      join users u on u.id = m.sender_user_id
      join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = m.sender_user_id
      left join profiles pp on pp.user_id = cm.partner_user_id
      where m.id > ${after} and m.id <= ${upto} and ${REAL}
    ) sent
    group by ${KEY}
    on conflict (${KEY}) do update set
      to_members = stats_message_days.to_members + excluded.to_members,
      to_fictional = stats_message_days.to_fictional + excluded.to_fictional`)
}

/** One visit of a browser session, counted in its day at once. */
export async function countVisit(db: Executor, day: string, siteId: number, tracking: Tracking) {
  await db.execute(sql`
    insert into stats_visit_days (${KEY}, visits)
    values (${day}::date, ${siteId}, ${tracking.network ?? ''}, ${tracking.ref ?? ''}, ${tracking.sub1 ?? ''},
      ${tracking.sub2 ?? ''}, ${tracking.sub3 ?? ''}, 1)
    on conflict (${KEY}) do update set visits = stats_visit_days.visits + 1`)
}

/** A page left: one more visitor who left it that way, and their seconds on it. */
export async function countBounce(
  db: Executor,
  day: string,
  siteId: number,
  bounce: { page: string; exit: string; seconds: number },
) {
  await db.execute(sql`
    insert into stats_bounce_days (day, site_id, page, exit, visits, seconds)
    values (${day}::date, ${siteId}, ${bounce.page}, ${bounce.exit}, 1, ${bounce.seconds})
    on conflict (day, site_id, page, exit) do update set
      visits = stats_bounce_days.visits + 1, seconds = stats_bounce_days.seconds + excluded.seconds`)
}
