import { and, eq, gte, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { creditLedger } from '#server/db/schema/accounts.ts'
import { users } from '#server/db/schema/members.ts'

/** Adds (or, when negative and covered, removes) credits; answers the new balance or null when not covered. */
export async function updateCredits(db: Executor, userId: number, delta: number): Promise<number | null> {
  const condition = delta < 0 ? and(eq(users.id, userId), gte(users.credits, -delta)) : eq(users.id, userId)
  const rows = await db
    .update(users)
    .set({ credits: sql`${users.credits} + ${delta}` })
    .where(condition)
    .returning({ credits: users.credits })
  return rows[0]?.credits ?? null
}

export async function insertLedgerRow(
  db: Executor,
  row: { userId: number; delta: number; balanceAfter: number; reason: string; reference: string | null },
) {
  await db.insert(creditLedger).values(row)
}
