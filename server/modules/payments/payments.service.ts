import type { FastifyBaseLogger } from 'fastify'
import { currencyOf, discounted } from '#common/money.ts'
import { CARD_METHODS, methodsFor } from '#common/payment-methods.ts'
import type {
  CreditsResponse,
  PaymentCreated,
  PaymentStatus,
  PaymentStatusResponse,
  ReceiptResponse,
  RepeatOffer,
  TransactionsResponse,
} from '#common/schemas/credits.ts'
import type { Db } from '#server/db/client.ts'
import { type Clock, shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/events.ts'
import { changeCredits, listMovements } from '#server/modules/credits/credits.service.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import { consumeDiscount, releaseDiscount, reserveDiscount, selectHolders } from './discounts.queries.ts'
import type { DiscountsService } from './discounts.service.ts'
import {
  insertCustomer,
  insertMandate,
  lockMember,
  revokeMandate,
  selectCardChargeUnderWay,
  selectCustomer,
  selectLastPaid,
  selectMemberContact,
  selectSavedCard,
} from './mandates.queries.ts'
import {
  bundlePayment,
  claimCredit,
  insertPayment,
  markPaidUser,
  type PaymentRow,
  selectMemberCountry,
  selectPackage,
  selectPackages,
  selectPayment,
  selectPaymentByProvider,
  selectPaymentsOf,
  setProviderReference,
  updateStatus,
} from './payments.queries.ts'
import type { PaymentProvider } from './provider.ts'

export type PaymentsService = ReturnType<typeof createPaymentsService>

const FINAL: ReadonlySet<string> = new Set(['paid', 'failed', 'canceled', 'expired'])

/** What the provider shows the payer, and where it reports changes. */
const paymentDescription = (site: Site, credits: number) => `${site.settings.name}: ${credits} credits`
const webhookUrl = (origin: string) => `${origin}/api/payment-webhook.php`

function toStatus(row: PaymentRow): PaymentStatusResponse {
  return {
    payment_id: row.id,
    status: row.status as PaymentStatus,
    credits: row.credits,
    amount: row.amount,
    currency: row.currency,
    method: row.method,
    package: row.packageId,
  }
}

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
  },
) {
  const { provider, now } = deps

  /** Applies the provider's status; grants the credits when it is paid and was not credited yet. */
  async function apply(payment: PaymentRow, status: PaymentStatus | null): Promise<PaymentRow> {
    if (!status || status === payment.status || payment.creditedAt) return payment
    if (status !== 'paid') {
      await db.transaction(async (tx) => {
        await updateStatus(tx, payment.id, status, now())
        // A payment that will not be paid gives its discount code back.
        if (FINAL.has(status)) await releaseDiscount(tx, payment.id)
      })
      // A saved card that declined a one-click purchase is not offered again.
      if (
        status === 'failed' &&
        payment.sequence === 'recurring' &&
        payment.method !== 'sdd' &&
        payment.mandateId
      )
        await revokeMandate(db, provider.name, payment.mandateId, now())
      return (await selectPayment(db, payment.id)) ?? payment
    }
    const granted = await db.transaction(async (tx) => {
      const claimed = await claimCredit(tx, payment.id, now())
      if (!claimed) return null
      const credits = await changeCredits(tx, {
        userId: claimed.userId,
        delta: claimed.credits,
        reason: 'payment',
        reference: claimed.id,
      })
      await markPaidUser(tx, claimed.userId)
      if (claimed.discountCode) {
        await consumeDiscount(tx, {
          code: claimed.discountCode,
          userId: claimed.userId,
          paymentId: claimed.id,
        })
      }
      return { row: claimed, credits }
    })
    if (granted) {
      // The purchase stands whatever happens to the card: one that cannot be saved is just not offered.
      if (granted.row.sequence === 'first')
        await saveCard(granted.row).catch((error: unknown) =>
          deps.log.warn(
            { err: error, paymentId: granted.row.id },
            'the card of a paid payment could not be saved',
          ),
        )
      deps.events.emit({ type: 'credits.changed', userId: granted.row.userId, credits: granted.credits })
      deps.events.emit({
        type: 'payment.updated',
        userId: granted.row.userId,
        paymentId: granted.row.id,
        status: 'paid',
      })
    }
    return (await selectPayment(db, payment.id)) ?? payment
  }

  /** The card a paid first payment saved, kept for one-click purchases. */
  async function saveCard(payment: PaymentRow) {
    if (!payment.providerId) return
    const customerId = await selectCustomer(db, payment.userId, provider.name)
    if (!customerId) return
    const card = await provider.savedCard(payment.providerId, customerId)
    if (!card) return
    await insertMandate(db, {
      userId: payment.userId,
      provider: provider.name,
      customerId,
      mandateId: card.mandateId,
      kind: 'card',
      method: payment.method,
      label: card.label,
    })
  }

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

  /** What /credits/repeat-order offers: the last bundle bought, on the newest saved card. */
  async function repeatOffer(userId: number, site: Site) {
    const [last, card] = await Promise.all([
      selectLastPaid(db, userId),
      selectSavedCard(db, userId, provider.name),
    ])
    if (!last || !card) return null
    const bundle = await selectPackage(db, site.id, last.packageId)
    if (!bundle) return null
    return { bundle, card }
  }

  /** The bundles a member of this site and country is offered: in their currency, else in euros. */
  async function bundlesFor(site: Site, country: string | null) {
    let currency = currencyOf(country)
    let rows = await selectPackages(db, site.id, currency)
    if (rows.length === 0) {
      currency = 'EUR'
      rows = await selectPackages(db, site.id, currency)
    }
    return { currency, rows }
  }

  /** A bundle the member may buy: one of their own site, in the currency they are offered. */
  async function offeredBundle(
    member: { userId: number; siteId: number },
    site: Site,
    country: string | null,
    packageId: number,
  ) {
    const bundle = member.siteId === site.id ? await selectPackage(db, site.id, packageId) : null
    if (!bundle || bundle.currency !== (await bundlesFor(site, country)).currency)
      throw new AppError('payments.package_not_found', 404)
    return bundle
  }

  /**
   * Asks the provider about the payments that hold a code while under way: one that was abandoned
   * and has since failed or expired gives the code back before the member uses it again.
   */
  async function settleHolders(userId: number, code: string) {
    for (const id of await selectHolders(db, code, userId)) {
      const held = await selectPayment(db, id)
      if (held) await refresh(held)
    }
  }

  async function refresh(payment: PaymentRow): Promise<PaymentRow> {
    if (FINAL.has(payment.status) || !payment.providerId) return payment
    return apply(payment, await provider.status(payment.providerId))
  }

  return {
    /** GET /api/credits.php: the site's bundles in the member's currency, the best value marked. */
    async packages(
      site: Site,
      viewer: { userId: number } | null,
      visitorCountry: string | null,
    ): Promise<CreditsResponse> {
      const country = viewer
        ? ((await selectMemberCountry(db, viewer.userId)) ?? visitorCountry)
        : visitorCountry
      const { currency, rows } = await bundlesFor(site, country)
      const best = rows.reduce<(typeof rows)[number] | null>(
        (b, p) => (!b || p.amount / p.credits < b.amount / b.credits ? p : b),
        null,
      )
      return {
        packages: rows.map((p) => ({
          id: p.id,
          credits: p.credits,
          amount: p.amount,
          currency: p.currency,
          best_value: p.id === best?.id,
        })),
        methods: methodsFor(country),
        currency,
      }
    },

    /** POST /api/payment.php: a payment of a bundle with a method of the member's country, at the provider. */
    async start(
      member: { userId: number; siteId: number },
      site: Site,
      input: { package: number; method: string; code?: string; locale: string; origin: string },
    ): Promise<PaymentCreated> {
      const country = await selectMemberCountry(db, member.userId)
      const bundle = await offeredBundle(member, site, country, input.package)
      if (!(methodsFor(country) as string[]).includes(input.method)) {
        throw new AppError('payments.method_unavailable', 400)
      }
      if (input.code) await settleHolders(member.userId, input.code)
      const discount = input.code
        ? await deps.discounts.check(
            member.userId,
            input.code,
            { amount: bundle.amount, currency: bundle.currency, method: input.method },
            input.locale,
          )
        : null
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
        await insertPayment(tx, {
          ...payment,
          discountCode: discount?.code ?? null,
          discountPercentage: discount?.value_percentage ?? null,
        })
        // A single-use code is held by this payment from now on: a second payment is refused it.
        if (discount && discount.validity !== 'unlimited') {
          const once = discount.validity === 'once'
          if (
            !(await reserveDiscount(tx, { code: discount.code, userId: member.userId, paymentId: id, once }))
          )
            throw new AppError('discount.used', 409)
        }
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
    customerOf,
    chargeMandate,
    createMandate: (p: Parameters<PaymentProvider['createMandate']>[0]) => provider.createMandate(p),
    /** A payment the provider never took: cancelled, so it counts nowhere. */
    cancel: (id: string) =>
      db.transaction(async (tx) => {
        await updateStatus(tx, id, 'canceled', now())
        await releaseDiscount(tx, id)
      }),

    /** GET /api/repeat-order.php: the one-click purchase on offer, if the member has a saved card. */
    async repeatOffer(member: { userId: number }, site: Site): Promise<RepeatOffer | null> {
      const offer = await repeatOffer(member.userId, site)
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
    async repeat(member: { userId: number }, site: Site, origin: string): Promise<PaymentCreated> {
      const offer = await repeatOffer(member.userId, site)
      if (!offer) throw new AppError('payments.no_saved_card', 409)
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
        await insertPayment(tx, payment)
        return null
      })
      if (underWay) return { payment_id: underWay, checkout_url: returnUrl(underWay) }
      return chargeMandate(payment, site, card, returnUrl(payment.id), origin)
    },

    /** GET /api/payment.php: the member's own payment, its status asked of the provider while open. */
    async get(member: { userId: number }, id: string): Promise<PaymentStatusResponse> {
      const payment = await selectPayment(db, id)
      if (!payment || payment.userId !== member.userId) throw new AppError('payments.not_found', 404)
      return toStatus(await refresh(payment))
    },

    /** The provider's webhook: only an id, so the status is fetched; an unknown id changes nothing. */
    async webhook(providerId: string): Promise<void> {
      const payment = await selectPaymentByProvider(db, provider.name, providerId)
      if (!payment) return
      await refresh(payment)
    },

    /** GET /api/transactions.php, /transactions: the member's payments and credit movements. */
    async transactions(member: { userId: number }): Promise<TransactionsResponse> {
      const [rows, movements] = await Promise.all([
        selectPaymentsOf(db, member.userId, 200),
        listMovements(db, member.userId, 200),
      ])
      return {
        payments: rows.map((row) => ({ ...toStatus(row), created_at: row.createdAt.toISOString() })),
        movements,
      }
    },

    /** /transactions/{id}: the receipt of one of the member's payments, with the seller's details. */
    async receipt(member: { userId: number }, id: string, site: Site): Promise<ReceiptResponse> {
      const payment = await selectPayment(db, id)
      if (!payment || payment.userId !== member.userId) throw new AppError('payments.not_found', 404)
      const fresh = await refresh(payment)
      const c = site.company
      return {
        payment: {
          ...toStatus(fresh),
          created_at: fresh.createdAt.toISOString(),
          list_amount: fresh.listAmount,
        },
        company: {
          name: c.name,
          address: c.address,
          city: c.city,
          country: c.country,
          kvk: c.kvk,
          vat_numbers: c.vat_numbers,
        },
        site: site.settings.name,
      }
    },

    /** The order a discount code is checked against: a bundle of the site, and the method. */
    async orderOf(site: Site, packageId: number, method?: string) {
      const bundle = await selectPackage(db, site.id, packageId)
      if (!bundle) throw new AppError('payments.package_not_found', 404)
      return { amount: bundle.amount, currency: bundle.currency, method }
    },
  }
}
