import { and, eq, isNull, sql } from 'drizzle-orm'
import { type Db, type Executor, queryRows } from '#server/db/client.ts'
import { users } from '#server/db/schema/members.ts'
import { paymentMandates, payments } from '#server/db/schema/payments.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/events.ts'
import { changeCredits } from '#server/modules/credits/credits.service.ts'
import { lockCredits, lockPaymentForRefund, recomputePaidUser } from './refunds.queries.ts'

/**
 * Refuses a payment by a method the member's bank took a payment back from, until support has
 * looked at it (ADR 17; ADR 32: no lock-out after a dispute). Every other method stays open, and so
 * does everything else: the member logs in, reads and spends the credits they still have.
 */
export async function assertMayPay(db: Executor, userId: number, method: string) {
  const [row] = await queryRows<{ blocked: boolean }>(
    db,
    sql`select exists (
      select 1 from users u join payments p on p.user_id = u.id
      where u.id = ${userId} and u.payments_blocked_at is not null
        and p.status = 'charged_back' and p.refunded_at >= u.payments_blocked_at and p.method = ${method}
    ) as blocked`,
  )
  if (row?.blocked) throw new AppError('payments.blocked', 403)
}

/**
 * A paid payment the payer's bank took back (a chargeback, a returned direct debit): the credits it
 * bought are taken back through the ledger, never below zero (what was spent is recorded as spent),
 * Premium stays only with another paid purchase, the saved cards and mandates of its method are
 * revoked, and the member may pay by that method no more until support looks at it (ADR 32: every
 * other method, their credits and their conversations stay theirs). Once per payment, whatever the
 * number of webhook calls.
 */
export async function applyChargeback(db: Db, deps: { now: Clock; events: EventBus }, paymentId: string) {
  const at = deps.now()
  const done = await db.transaction(async (tx) => {
    const found = await lockPaymentForRefund(tx, paymentId)
    if (found?.payment.status !== 'paid' || !found.payment.creditedAt) return null
    const { payment } = found
    const balance = await lockCredits(tx, payment.userId)
    // A withdrawal under way took its credits already (ADR 32): the bank's reversal takes the rest.
    const withdrawn = payment.withdrawnAt ? (payment.refundedCredits ?? 0) : 0
    const takenBack = Math.min(payment.credits - withdrawn, balance)
    const credits =
      takenBack > 0
        ? await changeCredits(tx, {
            userId: payment.userId,
            delta: -takenBack,
            reason: 'chargeback',
            reference: payment.id,
          })
        : balance
    // A credited payment's status changes only here and in a refund.
    await tx
      .update(payments)
      .set({
        status: 'charged_back',
        updatedAt: at,
        refundedAt: at,
        refundAmount: payment.amount,
        refundedCredits: withdrawn + takenBack,
        spentCredits: payment.credits - withdrawn - takenBack,
      })
      .where(eq(payments.id, payment.id))
    // Since the first dispute support has not looked at: a second one adds its method to the wait.
    await tx
      .update(users)
      .set({ paymentsBlockedAt: sql`coalesce(${users.paymentsBlockedAt}, ${at})` })
      .where(eq(users.id, payment.userId))
    await tx
      .update(paymentMandates)
      .set({ revokedAt: at })
      .where(
        and(
          eq(paymentMandates.userId, payment.userId),
          eq(paymentMandates.method, payment.method),
          isNull(paymentMandates.revokedAt),
        ),
      )
    await recomputePaidUser(tx, payment.userId)
    return { userId: payment.userId, credits }
  })
  if (!done) return
  deps.events.emit({ type: 'credits.changed', userId: done.userId, credits: done.credits })
  deps.events.emit({ type: 'payment.updated', userId: done.userId, paymentId, status: 'charged_back' })
}
