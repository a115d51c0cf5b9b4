import { refundOf } from '#common/refunds.ts'
import { withdrawableUntil, withdrawalDays } from '#common/withdrawal.ts'
import type { Db } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/events.ts'
import { recordAudit } from '#server/modules/audit/audit.service.ts'
import { changeCredits } from '#server/modules/credits/credits.service.ts'
import { enqueueMail, type MailService } from '#server/modules/mail/mail.service.ts'
import type { Site, SitesService } from '#server/modules/sites/sites.service.ts'
import type { OwedRefunds } from './owed-refunds.ts'
import type { PaymentRow } from './payments.queries.ts'
import { lockCredits, lockPaymentForRefund, markOwedRefund } from './refunds.queries.ts'
import { withdrawalMail } from './withdrawal-mail.ts'
import { selectOwnPayment } from './withdrawals.queries.ts'

/** Where a withdrawal stands: offered (step one), received and being refunded, or refunded. */
type WithdrawalState = 'open' | 'under_way' | 'refunded'

/** What step one shows and step two confirms: the purchase, and what comes back of it. */
interface WithdrawalView {
  state: WithdrawalState
  payment: { id: string; credits: number; amount: number; currency: string; paid_at: string }
  /** Credits that leave the balance, and the cents paid back for them (common/refunds.ts). */
  refund: { credits: number; amount: number; spent: number }
  /** Until when the purchase may be withdrawn from (ISO), and the site's number of days. */
  until: string
  days: number
  withdrawn_at: string | null
}

/**
 * Why a purchase cannot be withdrawn from now, as an AppError; null when it can (or already was:
 * a withdrawal asked twice answers where the first stands).
 */
function refusal(payment: PaymentRow, site: Site, at: Date): AppError | null {
  if (payment.withdrawnAt) return null
  if (payment.refundedAt) return new AppError('payments.already_refunded', 409)
  if (payment.status !== 'paid' || !payment.creditedAt || !payment.providerId)
    return new AppError('payments.not_refundable', 409)
  if (withdrawableUntil(payment.creditedAt, site.settings.refund_days) < at)
    return new AppError('payments.refund_window', 409, { count: withdrawalDays(site.settings.refund_days) })
  return null
}

function viewOf(payment: PaymentRow, balance: number, site: Site): WithdrawalView {
  const paidAt = payment.creditedAt ?? payment.createdAt
  const refund = payment.withdrawnAt
    ? { credits: payment.refundedCredits ?? 0, amount: payment.refundAmount ?? 0 }
    : refundOf(payment, balance)
  return {
    state: !payment.withdrawnAt ? 'open' : payment.refundId ? 'refunded' : 'under_way',
    payment: {
      id: payment.id,
      credits: payment.credits,
      amount: payment.amount,
      currency: payment.currency,
      paid_at: paidAt.toISOString(),
    },
    refund: { credits: refund.credits, amount: refund.amount, spent: payment.credits - refund.credits },
    until: withdrawableUntil(paidAt, site.settings.refund_days).toISOString(),
    days: withdrawalDays(site.settings.refund_days),
    withdrawn_at: payment.withdrawnAt?.toISOString() ?? null,
  }
}

/**
 * The withdrawal function (ADR 32; Consumer Rights Directive, Article 11a): a member withdraws from
 * a purchase themselves, in two steps. The confirmation records the withdrawal, takes its unused
 * credits off the balance, audits it and queues the acknowledgement mail, all in one transaction;
 * the provider then pays it back as an owed refund (owed-refunds.ts: exactly once, asked again
 * until it is confirmed).
 */
export function createWithdrawalsService(
  db: Db,
  deps: {
    sites: SitesService
    mail: MailService
    events: EventBus
    now: Clock
    owed: OwedRefunds
  },
) {
  return {
    /** Step one: the member's purchase and what withdrawing from it gives back. */
    async offer(member: { userId: number }, site: Site, paymentId: string): Promise<WithdrawalView> {
      const found = await selectOwnPayment(db, member.userId, paymentId)
      if (!found) throw new AppError('payments.not_found', 404)
      const refused = refusal(found.payment, site, deps.now())
      if (refused) throw refused
      const view = viewOf(found.payment, found.balance, site)
      if (view.state === 'open' && view.refund.amount <= 0)
        throw new AppError('payments.nothing_to_refund', 409)
      return view
    },

    /** Step two: the withdrawal, exactly once; answers where it stands (as step one's view). */
    async withdraw(
      member: { userId: number; ip: string | null },
      site: Site,
      paymentId: string,
    ): Promise<WithdrawalView> {
      const at = deps.now()
      const recorded = await db.transaction(async (tx) => {
        const found = await lockPaymentForRefund(tx, paymentId)
        if (!found || found.payment.userId !== member.userId) throw new AppError('payments.not_found', 404)
        const { payment } = found
        const refused = refusal(payment, site, at)
        if (refused) throw refused
        if (payment.withdrawnAt) return null // a second click, another tab: the first one stands
        const balance = await lockCredits(tx, payment.userId)
        const refund = refundOf(payment, balance)
        if (refund.amount <= 0) throw new AppError('payments.nothing_to_refund', 409)
        const credits =
          refund.credits > 0
            ? await changeCredits(tx, {
                userId: payment.userId,
                delta: -refund.credits,
                reason: 'withdrawal',
                reference: payment.id,
              })
            : balance
        const spent = payment.credits - refund.credits
        await markOwedRefund(tx, payment.id, 'withdrawal', {
          at,
          refundedCredits: refund.credits,
          spentCredits: spent,
          refundAmount: refund.amount,
        })
        await recordAudit(tx, { staffId: null, email: found.email, role: 'member', ip: member.ip }, at, {
          action: 'payment.withdraw',
          target: { type: 'payment', id: payment.id },
          before: { status: 'paid', credits: balance },
          after: { amount: refund.amount, taken_back: refund.credits, spent, credits },
        })
        await enqueueMail(
          tx,
          withdrawalMail(site, deps.sites.origin(site), found, {
            payment,
            at,
            refund: { credits: refund.credits, amount: refund.amount, spent },
          }),
        )
        return { credits }
      })
      if (recorded) {
        deps.mail.kick()
        deps.events.emit({ type: 'credits.changed', userId: member.userId, credits: recorded.credits })
      }
      await deps.owed.pay(paymentId)
      const after = await selectOwnPayment(db, member.userId, paymentId)
      if (!after) throw new AppError('payments.not_found', 404)
      return viewOf(after.payment, after.balance, site)
    },
  }
}
