import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { creditLedger } from '#server/db/schema/accounts.ts'
import { users } from '#server/db/schema/members.ts'

/** A member's balance and Premium flag, beside their credit ledger: the sum of its changes and how many. */
export async function creditAccount(db: Db, userId: number) {
  const [row] = await db
    .select({ credits: users.credits, paid: users.paidUser })
    .from(users)
    .where(eq(users.id, userId))
  const [ledger] = await db
    .select({ sum: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int`, n: sql<number>`count(*)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
  return { credits: row.credits, paid: row.paid, ledger: Number(ledger.sum), entries: Number(ledger.n) }
}

/** Gives a member credits through the ledger, as a purchase would. */
export async function giveCredits(db: Db, userId: number, credits: number) {
  const { changeCredits } = await import('#server/modules/credits/credits.service.ts')
  await db.transaction((tx) =>
    changeCredits(tx, { userId, delta: credits, reason: 'test', reference: randomBytes(6).toString('hex') }),
  )
}
