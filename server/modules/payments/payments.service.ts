import { randomBytes } from 'node:crypto'
import { currencyOf, discounted } from '#common/money.ts'
import { methodsFor } from '#common/payment-methods.ts'
import type {
  CreditsResponse,
  PaymentCreated,
  PaymentStatus,
  PaymentStatusResponse,
  ReceiptResponse,
  TransactionsResponse,
} from '#common/schemas/credits.ts'
import type { Db } from '#server/db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/events.ts'
import { changeCredits, listMovements } from '#server/modules/credits/credits.service.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import { insertRedemption } from './discounts.queries.ts'
import type { DiscountsService } from './discounts.service.ts'
import {
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
  deps: { provider: PaymentProvider; events: EventBus; discounts: DiscountsService },
) {
  const { provider } = deps

  /** Applies the provider's status; grants the credits when it is paid and was not credited yet. */
  async function apply(payment: PaymentRow, status: PaymentStatus | null): Promise<PaymentRow> {
    if (!status || status === payment.status || payment.creditedAt) return payment
    if (status !== 'paid') {
      await updateStatus(db, payment.id, status)
      return (await selectPayment(db, payment.id)) ?? payment
    }
    const granted = await db.transaction(async (tx) => {
      const claimed = await claimCredit(tx, payment.id)
      if (!claimed) return null
      const credits = await changeCredits(tx, {
        userId: claimed.userId,
        delta: claimed.credits,
        reason: 'payment',
        reference: claimed.id,
      })
      await markPaidUser(tx, claimed.userId)
      if (claimed.discountCode) {
        await insertRedemption(tx, {
          code: claimed.discountCode,
          userId: claimed.userId,
          paymentId: claimed.id,
        })
      }
      return { row: claimed, credits }
    })
    if (granted) {
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
      let currency = currencyOf(country)
      let rows = await selectPackages(db, site.id, currency)
      if (rows.length === 0) {
        currency = 'EUR'
        rows = await selectPackages(db, site.id, currency)
      }
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
      member: { userId: number },
      site: Site,
      input: { package: number; method: string; code?: string; locale: string; origin: string },
    ): Promise<PaymentCreated> {
      const country = await selectMemberCountry(db, member.userId)
      const bundle = await selectPackage(db, site.id, input.package)
      if (!bundle) throw new AppError('payments.package_not_found', 404)
      if (!(methodsFor(country) as string[]).includes(input.method)) {
        throw new AppError('payments.method_unavailable', 400)
      }
      const discount = input.code
        ? await deps.discounts.check(
            member.userId,
            input.code,
            { amount: bundle.amount, currency: bundle.currency, method: input.method },
            input.locale,
          )
        : null
      const amount = discount ? discounted(bundle.amount, discount.value_percentage) : bundle.amount
      const id = `pay_${randomBytes(12).toString('hex')}`
      await insertPayment(db, {
        id,
        userId: member.userId,
        siteId: site.id,
        packageId: bundle.id,
        credits: bundle.credits,
        amount,
        listAmount: bundle.amount,
        currency: bundle.currency,
        method: input.method,
        provider: provider.name,
        discountCode: discount?.code ?? null,
        discountPercentage: discount?.value_percentage ?? null,
      })
      const created = await provider.create({
        amount,
        currency: bundle.currency,
        description: `${site.settings.name}: ${bundle.credits} credits`,
        method: input.method,
        redirectUrl: `${input.origin}/credits/${bundle.id}/${input.method}?payment=${id}`,
        webhookUrl: `${input.origin}/api/payment-webhook.php`,
        locale: input.locale,
        metadata: { payment_id: id },
      })
      await setProviderReference(db, id, created.providerId, created.checkoutUrl)
      return { payment_id: id, checkout_url: created.checkoutUrl }
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
