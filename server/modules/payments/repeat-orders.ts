import type { PaymentCreated, RepeatOffer } from '#common/schemas/credits.ts'
import type { Db } from '#server/db/client.ts'
import { type Clock, shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import type { SpendingService } from '#server/modules/spending/spending.service.ts'
import { assertMayPay } from './chargebacks.ts'
import { lockMember, selectCardChargeUnderWay, selectLastPaid, selectSavedCard } from './mandates.queries.ts'
import { bundlePayment, insertPayment, type PaymentRow, selectPackage } from './payments.queries.ts'
import type { Purchase } from './payments.service.ts'
import type { PaymentProvider } from './provider.ts'

/**
 * The one-click repeat order (/credits/repeat-order): the last bundle bought again on the newest
 * saved card, once per click, within the member's own limits.
 */
export function createRepeatOrders(
  db: Db,
  deps: {
    provider: PaymentProvider
    now: Clock
    spending: SpendingService
    chargeMandate: (
      payment: Pick<PaymentRow, 'id' | 'amount' | 'currency' | 'credits'>,
      site: Site,
      mandate: { customerId: string; mandateId: string },
      returnUrl: string,
      origin: string,
    ) => Promise<PaymentCreated>
  },
) {
  const { provider, now, spending, chargeMandate } = deps

  /** What /credits/repeat-order offers: the last bundle bought, on the newest saved card. */
  async function offerOf(userId: number, site: Site) {
    const [last, card] = await Promise.all([
      selectLastPaid(db, userId),
      selectSavedCard(db, userId, provider.name),
    ])
    if (!last || !card) return null
    const bundle = await selectPackage(db, site.id, last.packageId)
    if (!bundle) return null
    return { bundle, card }
  }

  return {
    /** GET /api/repeat-order.php: the one-click purchase on offer, if the member has a saved card. */
    async repeatOffer(member: { userId: number }, site: Site): Promise<RepeatOffer | null> {
      const offer = await offerOf(member.userId, site)
      if (!offer) return null
      return {
        package: offer.bundle.id,
        credits: offer.bundle.credits,
        amount: offer.bundle.amount,
        currency: offer.bundle.currency,
        method: offer.card.method,
        card: offer.card.label,
      }
    },

    /** POST /api/repeat-order.php: buys the last bundle again on the saved card, in one step. */
    async repeat(
      member: { userId: number },
      site: Site,
      origin: string,
      purchase: Purchase,
    ): Promise<PaymentCreated> {
      const offer = await offerOf(member.userId, site)
      if (!offer) throw new AppError('payments.no_saved_card', 409)
      await assertMayPay(db, member.userId, offer.card.method)
      const { bundle, card } = offer
      const payment = bundlePayment(bundle, {
        userId: member.userId,
        siteId: site.id,
        method: card.method,
        provider: provider.name,
        sequence: 'recurring',
        mandateId: card.mandateId,
        at: now(),
      })
      const returnUrl = (paymentId: string) => `${origin}/credits/repeat-order?payment=${paymentId}`
      // One click buys once: a second press or a retried request while a purchase is under way
      // (under the member's lock) answers that purchase instead of charging the card again.
      const underWay = await db.transaction(async (tx) => {
        await lockMember(tx, member.userId)
        const recent = await selectCardChargeUnderWay(tx, member.userId, shifted(now(), -60_000))
        if (recent) return recent.id
        await spending.assertMayBuy(
          tx,
          { ...payment, checkedIn: purchase.checked_in === true, ip: purchase.ip ?? null },
          site,
          purchase.locale,
        )
        await insertPayment(tx, payment)
        return null
      })
      if (underWay) return { payment_id: underWay, checkout_url: returnUrl(underWay) }
      return chargeMandate(payment, site, card, returnUrl(payment.id), origin)
    },
  }
}
