import { sql } from 'drizzle-orm'
import { REPLY_SIGNAL } from '#common/member-signals.ts'
import { type Executor, queryRows } from '#server/db/client.ts'

/**
 * A member's answer times (issue 61, point 5): over the last REPLY_SIGNAL.days, each time another
 * member's message waited for theirs (a conversation's first message to them, or the first after
 * their own), and whether they answered within REPLY_SIGNAL.withinHours. A message of the last
 * day is left out: it has not had its day yet.
 */
export async function selectReplyTurns(db: Executor, userId: number, now: Date) {
  const hours = REPLY_SIGNAL.withinHours
  const until = new Date(now.getTime() - hours * 3_600_000)
  const from = new Date(now.getTime() - REPLY_SIGNAL.days * 86_400_000)
  const [row] = await queryRows<{ turns: number; within: number }>(
    db,
    sql`with ordered as (
          select m.conversation_id, m.sender_user_id, m.created_at,
                 lag(m.sender_user_id) over (partition by m.conversation_id order by m.created_at, m.id) as previous
          from messages m
          where m.conversation_id in (select cm.conversation_id from conversation_members cm where cm.user_id = ${userId})
            and m.created_at < ${until.toISOString()}::timestamptz
        ), waiting as (
          select o.created_at,
                 (select min(r.created_at) from messages r
                   where r.conversation_id = o.conversation_id and r.sender_user_id = ${userId}
                     and r.created_at > o.created_at) as answered_at
          from ordered o
          where o.sender_user_id <> ${userId} and (o.previous is null or o.previous = ${userId})
            and o.created_at >= ${from.toISOString()}::timestamptz
        )
        select count(*)::int as turns,
               count(*) filter (where answered_at <= created_at + make_interval(hours => ${hours}))::int as within
        from waiting`,
  )
  return { turns: row?.turns ?? 0, within: row?.within ?? 0 }
}

/** Whether answer times say "usually replies within a day". */
export const repliesWithinDay = ({ turns, within }: { turns: number; within: number }) =>
  turns >= REPLY_SIGNAL.minTurns && within >= REPLY_SIGNAL.share * turns
