import { localeOfLanguage } from '#common/locale.ts'
import { refundOf } from '#common/refunds.ts'
import type { Db } from '#server/db/client.ts'
import { type Clock, DAY_MS, shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/events.ts'
import { translator } from '#server/lib/i18n.ts'
import { renderMail } from '#server/lib/mail-layout.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import { changeCredits } from '#server/modules/credits/credits.service.ts'
import { enqueueMail, type MailService } from '#server/modules/mail/mail.service.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'
import type { PaymentProvider } from './provider.ts'
import {
  claimRefund,
  lockCredits,
  lockPaymentForRefund,
  markRefunded,
  recomputePaidUser,
  releaseRefund,
  searchPayments,
} from './refunds.queries.ts'

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`

export type RefundsService = ReturnType<typeof createRefundsService>

/**
 * Refunds (issue 16, point 4; ADR 17, ADR 27): support pays back, through the provider and within
 * the site's refund_days, what the return policy promises (common/refunds.ts: the unused credits at
 * the price paid for them); those credits are taken back through the ledger, Premium ends only with
 * a purchase refunded in full and no other, the member is told in their language, and the refund is
 * audited, all in one transaction.
 */
export function createRefundsService(
  db: Db,
  deps: { provider: PaymentProvider; sites: SitesService; mail: MailService; events: EventBus; now: Clock },
) {
  return {
    /** The latest payments, or those matching a payment id or the provider's reference. */
    async search(q?: string) {
      const rows = await searchPayments(db, q)
      return {
        payments: rows.map(({ payment: p, name, email }) => ({
          id: p.id,
          provider_id: p.providerId,
          user_id: p.userId,
          member: name,
          email,
          status: p.status,
          amount: p.amount,
          currency: p.currency,
          credits: p.credits,
          method: p.method,
          created_at: p.createdAt.toISOString(),
          refunded_credits: p.refundedCredits,
          spent_credits: p.spentCredits,
        })),
      }
    },

    async refund(paymentId: string, reason: string, actor: Actor) {
      const at = deps.now()
      // First the claim (so that two refunds never both reach the provider), then the provider
      // (never inside a transaction: no lock is held while a PSP answers), then the books.
      const claimed = await db.transaction(async (tx) => {
        const found = await lockPaymentForRefund(tx, paymentId)
        if (!found) throw new AppError('payments.not_found', 404)
        const { payment } = found
        if (payment.refundedAt) throw new AppError('payments.already_refunded', 409)
        if (payment.status !== 'paid' || !payment.creditedAt || !payment.providerId)
          throw new AppError('payments.not_refundable', 409)
        const site = deps.sites.byId(found.siteId)
        const days = site.settings.refund_days
        if (shifted(payment.creditedAt, days * DAY_MS) < at)
          throw new AppError('payments.refund_window', 409, { count: days })
        // The return policy's rule: the unused credits, at the price paid for them.
        const refund = refundOf(payment, await lockCredits(tx, payment.userId))
        if (refund.amount <= 0) throw new AppError('payments.nothing_to_refund', 409)
        await claimRefund(tx, payment.id, at)
        return { ...found, site, providerId: payment.providerId, refund }
      })
      const { payment, site, refund } = claimed
      let refundId: string
      try {
        refundId = await deps.provider.refund({
          providerId: claimed.providerId,
          amount: refund.amount,
          currency: payment.currency,
          description: `Refund ${payment.id}`,
          idempotencyKey: `refund_${payment.id}`,
        })
      } catch (error) {
        await releaseRefund(db, payment.id)
        throw error
      }
      const result = await db.transaction(async (tx) => {
        const balance = await lockCredits(tx, payment.userId)
        // Credits spent while the provider answered are recorded as spent (never below zero).
        const takenBack = Math.min(refund.credits, balance)
        const credits =
          takenBack > 0
            ? await changeCredits(tx, {
                userId: payment.userId,
                delta: -takenBack,
                reason: 'refund',
                reference: payment.id,
              })
            : balance
        const spent = payment.credits - takenBack
        await markRefunded(tx, payment.id, {
          refundedAt: at,
          refundId,
          refundedCredits: takenBack,
          spentCredits: spent,
          refundAmount: refund.amount,
        })
        await recomputePaidUser(tx, payment.userId)
        await recordAudit(tx, actor, at, {
          action: 'payment.refund',
          target: { type: 'payment', id: payment.id },
          reason,
          before: { status: 'paid', credits: balance },
          after: {
            status: 'refunded',
            refund: refundId,
            amount: refund.amount,
            taken_back: takenBack,
            spent,
            credits,
          },
        })
        const locale = localeOfLanguage(claimed.language)
        const t = translator(locale)
        await enqueueMail(tx, {
          siteId: site.id,
          to: claimed.email,
          ...renderMail(site, locale, {
            subject: t('mail.refund.subject', { name: site.settings.name }),
            greeting: t('mail.greeting', { name: claimed.name }),
            paragraphs: [
              refund.whole
                ? t('mail.refund.intro', { amount: money(refund.amount, payment.currency) })
                : t('mail.refund.introPart', {
                    amount: money(refund.amount, payment.currency),
                    total: money(payment.amount, payment.currency),
                  }),
              t('mail.refund.credits', { count: takenBack }),
              ...(spent > 0 ? [t('mail.refund.spent', { count: spent })] : []),
            ],
          }),
        })
        return { userId: payment.userId, credits, takenBack, spent }
      })
      deps.mail.kick()
      deps.events.emit({ type: 'credits.changed', userId: result.userId, credits: result.credits })
      return {
        payment: {
          id: paymentId,
          status: 'refunded' as const,
          taken_back: result.takenBack,
          spent: result.spent,
        },
      }
    },
  }
}
