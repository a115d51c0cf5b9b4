import { eq, sql } from 'drizzle-orm'
import { type Executor, queryRows } from '#server/db/client.ts'
import { spendingLimits } from '#server/db/schema/spending.ts'

export type LimitsRow = typeof spendingLimits.$inferSelect

/** The member's limits, locked until the transaction ends when `lock` (a purchase, a change). */
export async function selectLimits(db: Executor, userId: number, lock = false): Promise<LimitsRow | null> {
  const query = db.select().from(spendingLimits).where(eq(spendingLimits.userId, userId))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

/** Writes the member's limits, the row made on their first change. */
export async function saveLimits(db: Executor, row: LimitsRow): Promise<void> {
  const { userId, ...values } = row
  await db
    .insert(spendingLimits)
    .values(row)
    .onConflictDoUpdate({ target: spendingLimits.userId, set: values })
}

/**
 * What a payment counts for in spending: what the member paid, less what came back (a refund, a
 * withdrawal); a checkout still open counts, since it may yet be paid; a chargeback, a failure, a
 * cancelled or expired checkout count for nothing.
 */
const COUNTED = sql`case
  when p.status in ('open', 'pending', 'paid') then p.amount - coalesce(p.refund_amount, 0)
  when p.status = 'refunded' and p.refund_amount is not null then p.amount - p.refund_amount
  else 0 end`

/** The member's spending since an instant, per currency (cents). */
export async function selectSpent(
  db: Executor,
  userId: number,
  since: Date,
): Promise<Array<{ currency: string; amount: number }>> {
  return queryRows(
    db,
    sql`select p.currency, sum(${COUNTED})::int as amount from payments p
      where p.user_id = ${userId} and p.created_at >= ${since.toISOString()}
      group by p.currency having sum(${COUNTED}) > 0 order by 2 desc`,
  )
}

/** The member's purchases since an instant that money was taken or is being taken for. */
export async function selectRecentPurchases(
  db: Executor,
  userId: number,
  since: Date,
): Promise<Array<{ amount: number; at: Date }>> {
  const rows = await queryRows<{ amount: number; at: string | Date }>(
    db,
    sql`select ${COUNTED} as amount, p.created_at as at from payments p
      where p.user_id = ${userId} and p.created_at >= ${since.toISOString()}
        and p.status in ('pending', 'paid', 'refunded')
      order by p.created_at`,
  )
  return rows.map((r) => ({ amount: Number(r.amount), at: new Date(r.at) }))
}

/** What the limits need to know of the member: where their days and months begin, who they are. */
export async function selectMember(
  db: Executor,
  userId: number,
): Promise<{ email: string; timeZone: string | null; country: string } | null> {
  const [row] = await queryRows<{ email: string; timeZone: string | null; country: string }>(
    db,
    sql`select u.email, u.time_zone as "timeZone", coalesce(p.country, '') as country
      from users u left join profiles p on p.user_id = u.id where u.id = ${userId}`,
  )
  return row ?? null
}

/** The credits the member spent on messages, gifts and photos to fictional profiles, ever. */
export async function selectFictionalSpend(db: Executor, userId: number): Promise<number> {
  const [row] = await queryRows<{ credits: number }>(
    db,
    sql`select coalesce(sum(m.cost), 0)::int as credits from messages m
      join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = m.sender_user_id
      join profiles p on p.user_id = cm.partner_user_id
      where m.sender_user_id = ${userId} and m.cost > 0 and p.fictional`,
  )
  return row?.credits ?? 0
}
