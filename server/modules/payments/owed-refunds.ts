import { and, eq, isNotNull, isNull, or } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Executor } from '#server/db/client.ts'
import { payments } from '#server/db/schema/payments.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { EventBus } from '#server/lib/events.ts'
import { selectPayment } from './payments.queries.ts'
import type { PaymentProvider } from './provider.ts'
import { recomputePaidUser } from './refunds.queries.ts'

export type OwedRefunds = ReturnType<typeof createOwedRefunds>

/** A refund the member is owed by our books: a withdrawal, or the refund of an account's closing. */
const owed = or(isNotNull(payments.withdrawnAt), isNotNull(payments.closingRefundAt))

/** The provider paid an owed refund back: the payment is refunded (once, whoever answers first). */
async function markOwedRefundPaid(db: Executor, id: string, refundId: string, at: Date) {
  const rows = await db
    .update(payments)
    .set({ status: 'refunded', refundId, updatedAt: at })
    .where(and(eq(payments.id, id), owed, isNull(payments.refundId)))
    .returning({ userId: payments.userId })
  return rows[0] ?? null
}

/** Owed refunds the provider has not confirmed yet (a timeout, a fault): the oldest first. */
function selectOwedRefunds(db: Executor, limit: number) {
  return db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.status, 'paid'), owed, isNull(payments.refundId)))
    .orderBy(payments.refundedAt)
    .limit(limit)
}

/**
 * Refunds recorded first and paid after (ADR 32): the withdrawal and the account's closing record
 * the refund, take its credits back and tell the member in one transaction; this then asks the
 * provider for it under one idempotency key per purchase, so a double click, a second tab, a retry
 * or a provider that timed out never pays twice, and a refund not confirmed is asked again (the
 * same key) by the member's next try and by a job.
 */
export function createOwedRefunds(
  db: Db,
  deps: { provider: PaymentProvider; events: EventBus; now: Clock; log: Pick<FastifyBaseLogger, 'warn'> },
) {
  /** Asks the provider for a recorded refund; answers whether it is now paid. */
  async function pay(paymentId: string): Promise<boolean> {
    // Two tries at once both ask the provider with the same key: it answers both with one refund.
    const row = await selectPayment(db, paymentId)
    if (!row || (!row.withdrawnAt && !row.closingRefundAt) || row.refundId) return Boolean(row?.refundId)
    if (!row.providerId || !row.refundAmount) return false
    const kind = row.withdrawnAt ? 'withdrawal' : 'closing'
    let refundId: string
    try {
      refundId = await deps.provider.refund({
        providerId: row.providerId,
        amount: row.refundAmount,
        currency: row.currency,
        description: `${kind === 'withdrawal' ? 'Withdrawal' : 'Account closed'} ${row.id}`,
        idempotencyKey: `${kind}_${row.id}`,
      })
    } catch (error) {
      // Recorded and acknowledged: the refund is owed, and asked again with the same key later.
      deps.log.warn({ err: error, paymentId, kind }, 'an owed refund was not confirmed by the provider')
      return false
    }
    const done = await db.transaction(async (tx) => {
      const marked = await markOwedRefundPaid(tx, row.id, refundId, deps.now())
      if (marked) await recomputePaidUser(tx, marked.userId)
      return marked
    })
    if (done)
      deps.events.emit({ type: 'payment.updated', userId: done.userId, paymentId, status: 'refunded' })
    return true
  }

  return {
    pay,
    /** The job: owed refunds the provider has not confirmed are asked again. */
    async payUnderWay(): Promise<{ asked: number; refunded: number }> {
      const rows = await selectOwedRefunds(db, 100)
      let refunded = 0
      for (const row of rows) if (await pay(row.id)) refunded++
      return { asked: rows.length, refunded }
    },
  }
}
