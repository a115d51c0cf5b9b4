import { and, eq } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { users } from '#server/db/schema/members.ts'
import { payments } from '#server/db/schema/payments.ts'

/** A member's own payment and their balance, as step one of a withdrawal shows them (no lock). */
export async function selectOwnPayment(db: Executor, userId: number, id: string) {
  const [row] = await db
    .select({ payment: payments, balance: users.credits })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(eq(payments.id, id), eq(payments.userId, userId)))
  return row ? { payment: row.payment, balance: Number(row.balance) } : null
}
