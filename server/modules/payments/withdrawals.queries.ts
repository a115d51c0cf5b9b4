import { and, eq, isNotNull, isNull } from 'drizzle-orm'
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

/**
 * The withdrawal recorded (the claim): from now on neither a second withdrawal nor support's refund
 * nor a chargeback takes these credits again; the refund id follows once the provider answers.
 */
export async function markWithdrawn(
  db: Executor,
  id: string,
  values: { at: Date; refundedCredits: number; spentCredits: number; refundAmount: number },
) {
  await db
    .update(payments)
    .set({
      withdrawnAt: values.at,
      refundedAt: values.at,
      refundedCredits: values.refundedCredits,
      spentCredits: values.spentCredits,
      refundAmount: values.refundAmount,
      updatedAt: values.at,
    })
    .where(eq(payments.id, id))
}

/** The provider paid the withdrawal back: the payment is refunded (once, whoever answers first). */
export async function markWithdrawalRefunded(db: Executor, id: string, refundId: string, at: Date) {
  const rows = await db
    .update(payments)
    .set({ status: 'refunded', refundId, updatedAt: at })
    .where(and(eq(payments.id, id), isNotNull(payments.withdrawnAt), isNull(payments.refundId)))
    .returning({ userId: payments.userId })
  return rows[0] ?? null
}

/** Withdrawals whose refund the provider has not confirmed yet (a timeout, a fault): the oldest first. */
export function selectWithdrawalsUnderWay(db: Executor, limit: number) {
  return db
    .select({ id: payments.id, userId: payments.userId })
    .from(payments)
    .where(and(eq(payments.status, 'paid'), isNotNull(payments.withdrawnAt), isNull(payments.refundId)))
    .orderBy(payments.withdrawnAt)
    .limit(limit)
}
