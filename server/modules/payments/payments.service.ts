import type { FastifyBaseLogger } from 'fastify'
import { api } from '#common/api.ts'
import { discounted } from '#common/money.ts'
import { CARD_METHODS, methodsFor } from '#common/payment-methods.ts'
import type { PaymentCreated } from '#common/schemas/credits.ts'
import type { Db } from '#server/db/client.ts'
import { type Clock, shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/events.ts'
import type { MailService } from '#server/modules/mail/mail.service.ts'
import type { Site, SitesService } from '#server/modules/sites/sites.service.ts'
import type { SpendingService } from '#server/modules/spending/spending.service.ts'
import { createBundles } from './bundles.ts'
import { applyChargeback, assertMayPay } from './chargebacks.ts'
import { selectHolders } from './discounts.queries.ts'
import { type DiscountsService, holdDiscount } from './discounts.service.ts'
import { insertCustomer, selectCustomer, selectMemberContact } from './mandates.queries.ts'
import { createPaymentHistory } from './payment-history.ts'
import { createSettlement } from './payment-settlement.ts'
import {
  bundlePayment,
  insertPayment,
  type PaymentRow,
  selectMemberCountry,
  selectOpenBefore,
  selectPayment,
  selectPaymentByProvider,
  setProviderReference,
  updateStatus,
} from './payments.queries.ts'
import type { PaymentProvider } from './provider.ts'

import { createRepeatOrders } from './repeat-orders.ts'

export type PaymentsService = ReturnType<typeof createPaymentsService>

/** What every purchase says of its member beyond the bundle: their language, the check-in, the address. */
export interface Purchase {
  locale: string
  /** The member saw the check-in a risky pattern shows, and goes on (ADR 32). */
  checked_in?: boolean
  ip?: string | null
}

/**
 * How long a checkout may stay open before we ask the provider what became of it: longer than the
 * provider keeps a card or wallet checkout open (Mollie and the sandbox: 15 minutes).
 */
export const ABANDONED_CHECKOUT_MS = 30 * 60 * 1000

/** What the provider shows the payer, and where it reports changes. */
const paymentDescription = (site: Site, credits: number) => `${site.settings.name}: ${credits} credits`
const webhookUrl = (origin: string) => `${origin}${api.paymentWebhook.path}`

/**
 * Credit bundles and their payments (spec sections 3, 4 and 9). The status always comes from the
 * provider; a paid payment grants its credits exactly once and makes the member Premium for good.
 */
export function createPaymentsService(
  db: Db,
  deps: {
    provider: PaymentProvider
    events: EventBus
    discounts: DiscountsService
    now: Clock
    log: Pick<FastifyBaseLogger, 'warn'>
    sites: SitesService
    mail: MailService
    spending: SpendingService
  },
) {
  const { provider, now, spending } = deps
  const settlement = createSettlement(db, deps)
  const { refresh } = settlement
  const bundles = createBundles(db)
  const history = createPaymentHistory(db, { settlement, now })

  /** The member's customer record at the provider, made on first need. */
  async function customerOf(userId: number): Promise<string> {
    const known = await selectCustomer(db, userId, provider.name)
    if (known) return known
    const contact = await selectMemberContact(db, userId)
    if (!contact) throw new AppError('authentication_required', 403)
    const made = await provider.createCustomer(contact)
    return (await insertCustomer(db, userId, provider.name, made)) ?? made
  }

  /**
   * Charges a recurring payment, already written, on a stored mandate (a saved card or a SEPA
   * mandate); a provider that refuses the call leaves it cancelled.
   */
  async function chargeMandate(
    payment: Pick<PaymentRow, 'id' | 'amount' | 'currency' | 'credits'>,
    site: Site,
    mandate: { customerId: string; mandateId: string },
    returnUrl: string,
    origin: string,
  ): Promise<PaymentCreated> {
    try {
      const charged = await provider.charge({
        amount: payment.amount,
        currency: payment.currency,
        description: paymentDescription(site, payment.credits),
        redirectUrl: returnUrl,
        webhookUrl: webhookUrl(origin),
        metadata: { payment_id: payment.id },
        customerId: mandate.customerId,
        mandateId: mandate.mandateId,
      })
      await setProviderReference(db, payment.id, charged.providerId, returnUrl, now(), mandate.mandateId)
    } catch (error) {
      await updateStatus(db, payment.id, 'canceled', now())
      throw error
    }
    return { payment_id: payment.id, checkout_url: returnUrl }
  }

  /**
   * Before a checkout with a code: a payment that held it and has since failed or expired gives it
   * back; one of the member's own still open (a checkout they left by going back from the payment
   * page) is cancelled with the provider and gives it to this one. A new checkout takes over what an
   * unpaid one held: the member never loses the welcome bonus to a page they left.
   */
  async function takeOverHolders(userId: number, code: string) {
    for (const id of await selectHolders(db, code, userId)) {
      const held = await selectPayment(db, id)
      if (!held) continue
      const current = await refresh(held)
      if (current.status !== 'open' || current.userId !== userId) continue
      // A method the provider cannot cancel expires on its own; paid after all, it is credited.
      if (current.providerId) await provider.cancel(current.providerId)
      await settlement.cancel(current.id)
    }
  }

  /**
   * The discount a purchase asks for, checked against its order (null without a code). A code held
   * by an unpaid payment of the member's is taken over first, as a new checkout takes it over.
   */
  async function discountFor(
    userId: number,
    code: string | null | undefined,
    order: { amount: number; currency: string; method: string },
    locale: string,
  ) {
    if (!code) return null
    await takeOverHolders(userId, code)
    return deps.discounts.check(userId, code, order, locale)
  }

  return {
    packages: bundles.packages,
    orderOf: bundles.orderOf,
    get: history.get,
    transactions: history.transactions,
    receipt: history.receipt,
    /** POST /api/payment.php: a payment of a bundle with a method of the member's country, at the provider. */
    async start(
      member: { userId: number; siteId: number },
      site: Site,
      input: {
        package: number
        method: string
        code?: string
        locale: string
        origin: string
      } & Purchase,
    ): Promise<PaymentCreated> {
      await assertMayPay(db, member.userId, input.method)
      const country = await selectMemberCountry(db, member.userId)
      const bundle = await bundles.offeredBundle(member, site, country, input.package)
      if (!(methodsFor(country) as string[]).includes(input.method)) {
        throw new AppError('payments.method_unavailable', 400)
      }
      const discount = await discountFor(
        member.userId,
        input.code,
        { amount: bundle.amount, currency: bundle.currency, method: input.method },
        input.locale,
      )
      const amount = discount ? discounted(bundle.amount, discount.value_percentage) : bundle.amount
      // A card payment is a first payment: once paid, the card is saved for one-click purchases.
      const customerId = CARD_METHODS.has(input.method) ? await customerOf(member.userId) : undefined
      const payment = bundlePayment(bundle, {
        userId: member.userId,
        siteId: site.id,
        method: input.method,
        provider: provider.name,
        sequence: customerId ? 'first' : 'oneoff',
        amount,
        at: now(),
      })
      const { id } = payment
      await db.transaction(async (tx) => {
        // The member's own limits, under their lock: a break, the monthly limit, a check-in due.
        await spending.assertMayBuy(
          tx,
          { ...payment, checkedIn: input.checked_in === true, ip: input.ip ?? null },
          site,
          input.locale,
        )
        await insertPayment(tx, {
          ...payment,
          discountCode: discount?.code ?? null,
          discountPercentage: discount?.value_percentage ?? null,
        })
        await holdDiscount(tx, discount, member.userId, id)
      })
      const created = await provider.create({
        customerId,
        amount,
        currency: bundle.currency,
        description: paymentDescription(site, bundle.credits),
        method: input.method,
        redirectUrl: `${input.origin}/credits/${bundle.id}/${input.method}?payment=${id}`,
        webhookUrl: webhookUrl(input.origin),
        locale: input.locale,
        metadata: { payment_id: id },
      })
      await setProviderReference(db, id, created.providerId, created.checkoutUrl, now())
      return { payment_id: id, checkout_url: created.checkoutUrl }
    },

    providerName: provider.name,
    discountFor,
    customerOf,
    chargeMandate,
    createMandate: (p: Parameters<PaymentProvider['createMandate']>[0]) => provider.createMandate(p),
    cancel: settlement.cancel,

    ...createRepeatOrders(db, { provider, now, spending, chargeMandate }),

    /**
     * Abandoned checkouts (a job): a checkout still open after ABANDONED_CHECKOUT_MS is asked of the
     * provider, which says it expired (or was paid after all, and is credited); one the provider
     * never took is cancelled. Either way it no longer shows as "open" for good.
     */
    async expireAbandoned(): Promise<{ asked: number; cancelled: number }> {
      const rows = await selectOpenBefore(db, shifted(now(), -ABANDONED_CHECKOUT_MS), 200)
      let cancelled = 0
      for (const row of rows) {
        if (row.providerId) await refresh(row)
        else {
          await settlement.cancel(row.id)
          cancelled++
        }
      }
      return { asked: rows.length - cancelled, cancelled }
    },

    /** The provider's webhook: only an id, so the status is fetched; an unknown id changes nothing. */
    async webhook(providerId: string): Promise<void> {
      const payment = await selectPaymentByProvider(db, provider.name, providerId)
      if (!payment) return
      const current = await refresh(payment)
      // The provider calls again when the bank takes a paid payment back (ADR 17).
      if (current.status === 'paid' && current.creditedAt && (await provider.chargedBack(providerId)))
        await applyChargeback(db, deps, current.id)
    },
  }
}
