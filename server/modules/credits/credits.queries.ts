import { desc, eq, sql } from 'drizzle-orm'
import { type Executor, queryPreparedRows } from '#server/db/client.ts'
import { creditLedger } from '#server/db/schema/accounts.ts'
import { users } from '#server/db/schema/members.ts'

/**
 * Adds credits (or, when negative and covered, removes them) and writes the ledger row, in one
 * statement; answers the new balance, or null when a debit is not covered (nothing changes then).
 */
export async function applyCreditChange(
  db: Executor,
  change: { userId: number; delta: number; reason: string; reference: string | null },
): Promise<number | null> {
  const covered = change.delta < 0 ? sql`and ${users.credits} >= ${-change.delta}` : sql``
  const rows = await queryPreparedRows<{ balance: number }>(
    db,
    sql`with changed as (
      update ${users} set credits = ${users.credits} + ${change.delta}
      where ${users.id} = ${change.userId} ${covered}
      returning ${users.credits} as credits
    )
    insert into ${creditLedger} (user_id, delta, balance_after, reason, reference)
    select ${change.userId}, ${change.delta}, credits, ${change.reason}, ${change.reference} from changed
    returning balance_after as balance`,
  )
  return rows[0] ? Number(rows[0].balance) : null
}

/** The member's most recent credit movements, newest first. */
export function selectMovements(db: Executor, userId: number, limit: number) {
  return db
    .select({
      id: creditLedger.id,
      delta: creditLedger.delta,
      balanceAfter: creditLedger.balanceAfter,
      reason: creditLedger.reason,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(limit)
}
