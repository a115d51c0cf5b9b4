import { desc, eq, sql } from 'drizzle-orm'
import { type Executor, queryPreparedRows } from '#server/db/client.ts'
import { creditLedger } from '#server/db/schema/accounts.ts'

/**
 * Adds credits (or, when negative and covered, removes them) and writes the ledger row, in one
 * statement (the SQL function credit_change, migration 0013); answers the new balance, or null when
 * a debit is not covered (nothing changes then).
 */
export async function applyCreditChange(
  db: Executor,
  change: { userId: number; delta: number; reason: string; reference: string | null },
): Promise<number | null> {
  const rows = await queryPreparedRows<{ balance: number | null }>(
    db,
    sql`select credit_change(${change.userId}, ${change.delta}, ${change.reason}, ${change.reference}) as balance`,
  )
  const balance = rows[0]?.balance
  return balance === null || balance === undefined ? null : Number(balance)
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
