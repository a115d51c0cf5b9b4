import { type ClosingRefund, closingRefundOf } from '#common/refunds.ts'
import type { Db, Executor } from '#server/db/client.ts'
import { recordAudit } from '#server/modules/audit/audit.service.ts'
import { changeCredits } from '#server/modules/credits/credits.service.ts'
import { selectRefundablePurchases } from './closing-refunds.queries.ts'
import type { OwedRefunds } from './owed-refunds.ts'
import { lockCredits, markOwedRefund } from './refunds.queries.ts'

/**
 * The refund of unused purchased credits when a member deletes their account (ADR 32): what it
 * would be (the deletion form shows it), its record inside the deletion's own transaction (the
 * credits leave the balance, each purchase is marked and audited), and then its payment by the
 * provider as an owed refund (owed-refunds.ts: exactly once, asked again until confirmed).
 */
export function createClosingRefunds(db: Db, deps: { owed: OwedRefunds }) {
  return {
    /** What deleting the account now would refund. */
    async offer(userId: number, balance: number): Promise<ClosingRefund> {
      return closingRefundOf(await selectRefundablePurchases(db, userId), balance)
    },

    /** Records the refund in the deletion's transaction, on the locked balance and purchases. */
    async record(
      tx: Executor,
      member: { userId: number; email: string; ip: string | null },
      at: Date,
    ): Promise<ClosingRefund> {
      const balance = await lockCredits(tx, member.userId)
      const purchases = await selectRefundablePurchases(tx, member.userId, true)
      const refund = closingRefundOf(purchases, balance)
      let credits = balance
      for (const line of refund.lines) {
        const bought = purchases.find((p) => p.id === line.id)?.credits ?? line.credits
        credits = await changeCredits(tx, {
          userId: member.userId,
          delta: -line.credits,
          reason: 'account_closed',
          reference: line.id,
        })
        const spent = bought - line.credits
        await markOwedRefund(tx, line.id, 'closing', {
          at,
          refundedCredits: line.credits,
          spentCredits: spent,
          refundAmount: line.amount,
        })
        await recordAudit(tx, { staffId: null, email: member.email, role: 'member', ip: member.ip }, at, {
          action: 'payment.closing_refund',
          target: { type: 'payment', id: line.id },
          before: { status: 'paid' },
          after: { amount: line.amount, currency: line.currency, taken_back: line.credits, spent, credits },
        })
      }
      return refund
    },

    /** After the deletion commits: the provider pays each purchase's share back. */
    async pay(refund: ClosingRefund): Promise<void> {
      for (const line of refund.lines) await deps.owed.pay(line.id)
    },
  }
}
