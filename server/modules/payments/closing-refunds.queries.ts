import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { payments } from '#server/db/schema/payments.ts'

/**
 * A member's purchases whose unused credits may still come back, newest first: paid and credited
 * through a provider, and not refunded, withdrawn from or charged back (status stays 'paid' only
 * while none of these happened; a refund under way has its time set). Locked when `lock` is set.
 */
export function selectRefundablePurchases(db: Executor, userId: number, lock = false) {
  const query = db
    .select({
      id: payments.id,
      credits: payments.credits,
      amount: payments.amount,
      currency: payments.currency,
    })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, 'paid'),
        isNotNull(payments.creditedAt),
        isNotNull(payments.providerId),
        isNull(payments.refundedAt),
      ),
    )
    .orderBy(desc(payments.creditedAt), desc(payments.id))
  return lock ? query.for('update') : query
}
