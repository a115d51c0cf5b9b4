import { randomBytes } from 'node:crypto'
import type { Locale } from '#common/constants.ts'
import { discounted, formatMoney } from '#common/money.ts'
import type { DirectDebitInput, DirectDebitRequested } from '#common/schemas/credits.ts'
import type { Db, Executor } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { translator } from '#server/lib/i18n.ts'
import { hashToken } from '#server/lib/tokens.ts'
import { enqueueSms, type MailService } from '#server/modules/mail/mail.service.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import type { SpendingService } from '#server/modules/spending/spending.service.ts'
import { assertMayPay } from './chargebacks.ts'
import {
  clearExpired,
  countAttempt,
  insertRequest,
  markConfirmed,
  selectRequestForUpdate,
  selectRequestOrder,
} from './direct-debit.queries.ts'
import {
  assertCodesLeft,
  CODE_TTL_MS,
  codeHash,
  codeMatches,
  codeUsable,
  newCode,
} from './direct-debit-codes.ts'
import { holdDiscount } from './discounts.service.ts'
import { directDebitRefused, directDebitTotalSince, insertMandate, lockMember } from './mandates.queries.ts'
import { bundlePayment, insertPayment, selectPackage } from './payments.queries.ts'
import type { PaymentsService, Purchase } from './payments.service.ts'
import { smsNumber } from './sms-number.ts'

/** What a member may have open or paid by direct debit over the window, in euro cents (ADR 11). */
const DIRECT_DEBIT_LIMIT = 15_000
const DIRECT_DEBIT_WINDOW_MS = 30 * 24 * 3600 * 1000

export type DirectDebitService = ReturnType<typeof createDirectDebitService>

/** NL91 ABNA 0417 1643 00 shows as NL91 •••• 4300. */
const maskIban = (iban: string) => `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`
const maskPhone = (phone: string) => `${'•'.repeat(Math.max(0, phone.length - 3))}${phone.slice(-3)}`

/**
 * SEPA direct debit (/directdebit): the account and address, confirmed by a code sent by SMS, then
 * a mandate at the provider and a recurring payment on it. Members or accounts whose debit the bank
 * refused are blocked; what may be open or paid by direct debit over 30 days is limited.
 */
export function createDirectDebitService(
  db: Db,
  deps: { payments: PaymentsService; spending: SpendingService; now: Clock; mail: Pick<MailService, 'kick'> },
) {
  const { now } = deps
  const provider = deps.payments.providerName

  /** The bundle, in euros (SEPA only). */
  async function sepaBundle(tx: Executor, siteId: number, packageId: number) {
    const bundle = await selectPackage(tx, siteId, packageId)
    if (!bundle) throw new AppError('payments.package_not_found', 404)
    if (bundle.currency !== 'EUR') throw new AppError('payments.method_unavailable', 400)
    return bundle
  }

  /** Whether the member may pay this amount by direct debit from this account now. */
  async function assertAllowed(tx: Executor, userId: number, iban: string, amount: number) {
    if (await directDebitRefused(tx, userId, hashToken(iban))) throw new AppError('directdebit.blocked', 403)
    const since = new Date(now().getTime() - DIRECT_DEBIT_WINDOW_MS)
    if ((await directDebitTotalSince(tx, userId, since)) + amount > DIRECT_DEBIT_LIMIT) {
      throw new AppError('directdebit.limit', 409)
    }
  }

  /** The discount the member asked for on the bundle, checked for direct debit, and what they pay. */
  async function priced(
    userId: number,
    bundle: { amount: number; currency: string },
    code: string | null | undefined,
    locale: string,
  ) {
    const order = { amount: bundle.amount, currency: bundle.currency, method: 'sdd' }
    const discount = await deps.payments.discountFor(userId, code, order, locale)
    return {
      discount,
      amount: discount ? discounted(bundle.amount, discount.value_percentage) : bundle.amount,
    }
  }

  /**
   * What a pending request will charge, checked again before the confirming transaction (the
   * discount's rules read outside it): the debit is what the code's form said, or nothing. A time
   * bonus that ended since the SMS, or a bundle whose price changed, is refused and nothing is
   * charged. Null when the request is not the member's or no longer pending (the transaction says which).
   */
  async function pricedRequest(userId: number, siteId: number, requestId: string, locale: string, at: Date) {
    const order = await selectRequestOrder(db, requestId)
    if (!order || order.userId !== userId || order.siteId !== siteId) return null
    if (order.confirmedAt || order.expiresAt <= at) return null
    const bundle = await sepaBundle(db, siteId, order.packageId)
    const pricing = await priced(userId, bundle, order.discountCode, locale).catch((error: unknown) => {
      if (error instanceof AppError && error.code.startsWith('discount.')) {
        throw new AppError('directdebit.discount_ended', 409, { code: order.discountCode ?? '' })
      }
      throw error
    })
    // A request from before the amount was kept (null) is charged the price of now, as it was then.
    if (order.amount !== null && pricing.amount !== order.amount) {
      throw new AppError('directdebit.price_changed', 409, {
        price: formatMoney(pricing.amount, bundle.currency, locale),
      })
    }
    return { ...pricing, bundle }
  }

  return {
    /** Clears the account details of requests whose code expired unused (a job, every 10 minutes). */
    forgetExpired: () => clearExpired(db, now()),

    /** POST /api/directdebit.php: checks the account and sends the SMS code. */
    async request(
      member: { userId: number },
      site: Site,
      input: DirectDebitInput,
      locale: Locale,
    ): Promise<DirectDebitRequested> {
      const at = now()
      const phone = smsNumber(input.phone, site.settings.countries)
      if (!phone) {
        const names = new Intl.DisplayNames([locale], { type: 'region' })
        const countries = site.settings.countries.map((c) => names.of(c) ?? c)
        throw new AppError('directdebit.phone_country', 400, {
          countries: new Intl.ListFormat(locale, { type: 'conjunction' }).format(countries),
        })
      }
      await assertMayPay(db, member.userId, 'sdd')
      const bundle = await sepaBundle(db, site.id, input.package)
      const { discount, amount } = await priced(member.userId, bundle, input.code, locale)
      await assertAllowed(db, member.userId, input.iban, amount)
      // The member's own limits before a code is sent: a break, the monthly limit, a check-in due.
      await db.transaction((tx) =>
        deps.spending.assertMayBuy(
          tx,
          {
            userId: member.userId,
            amount,
            currency: bundle.currency,
            checkedIn: input.checked_in === true,
            ip: null,
          },
          site,
          locale,
        ),
      )
      await assertCodesLeft(db, { userId: member.userId, phone }, at)
      const id = `dd_${randomBytes(12).toString('hex')}`
      const code = newCode()
      const t = translator(locale)
      await db.transaction(async (tx) => {
        await insertRequest(tx, {
          id,
          userId: member.userId,
          siteId: site.id,
          packageId: input.package,
          holder: input.holder,
          iban: input.iban,
          street: input.street,
          houseNumber: input.house_number,
          zip: input.zip,
          city: input.city,
          phone,
          discountCode: discount?.code ?? null,
          amount,
          codeHash: codeHash(id, code),
          expiresAt: new Date(at.getTime() + CODE_TTL_MS),
          createdAt: at,
        })
        await enqueueSms(tx, {
          siteId: site.id,
          to: phone,
          text: t('directDebit.sms', { code, site: site.settings.name }),
        })
      })
      deps.mail.kick()
      return {
        request_id: id,
        phone: maskPhone(phone),
        amount,
        currency: bundle.currency,
        code: discount?.code ?? null,
      }
    },

    /**
     * PUT /api/directdebit.php: the SMS code. Right, the debit is written (under the member's lock,
     * so the limit holds against parallel confirmations) and charged on a new mandate.
     */
    async confirm(
      member: { userId: number },
      site: Site,
      input: { request_id: string; otp: string },
      origin: string,
      purchase: Purchase,
    ) {
      const at = now()
      const pricing = await pricedRequest(member.userId, site.id, input.request_id, purchase.locale, at)
      const outcome = await db.transaction(async (tx) => {
        await lockMember(tx, member.userId)
        const request = await selectRequestForUpdate(tx, input.request_id)
        if (!request || request.userId !== member.userId || request.siteId !== site.id) {
          return { ok: false as const, error: 'directdebit.code_invalid' }
        }
        if (!codeUsable(request, at)) return { ok: false as const, error: 'directdebit.code_expired' }
        if (!codeMatches(request, input.otp)) {
          await countAttempt(tx, request.id, request.attempts + 1)
          return { ok: false as const, error: 'directdebit.code_invalid' }
        }
        // Priced above unless the request was not pending then (confirmed or expired meanwhile).
        if (!pricing) return { ok: false as const, error: 'directdebit.code_expired' }
        const { discount, amount, bundle } = pricing
        const iban = request.iban ?? ''
        await assertAllowed(tx, member.userId, iban, amount)
        const payment = bundlePayment(bundle, {
          userId: member.userId,
          siteId: site.id,
          method: 'sdd',
          provider,
          sequence: 'recurring',
          amount,
          at,
        })
        // Checked again under the member's lock: the code came later than the request.
        await deps.spending.assertMayBuy(
          tx,
          { ...payment, checkedIn: purchase.checked_in === true, ip: purchase.ip ?? null },
          site,
          purchase.locale,
        )
        await insertPayment(tx, {
          ...payment,
          discountCode: discount?.code ?? null,
          discountPercentage: discount?.value_percentage ?? null,
        })
        await holdDiscount(tx, discount, member.userId, payment.id)
        await markConfirmed(tx, request.id, payment.id, at)
        return { ok: true as const, payment, holder: request.holder ?? '', iban }
      })
      if (!outcome.ok) throw new AppError(outcome.error, 400)
      const { payment, holder, iban } = outcome
      const customerId = await deps.payments.customerOf(member.userId)
      let mandateId: string
      try {
        mandateId = await deps.payments.createMandate({
          customerId,
          holder,
          iban,
          reference: payment.id,
          signedOn: at.toISOString().slice(0, 10),
        })
      } catch (error) {
        await deps.payments.cancel(payment.id)
        throw error
      }
      await insertMandate(db, {
        userId: member.userId,
        provider,
        customerId,
        mandateId,
        kind: 'directdebit',
        method: 'sdd',
        label: maskIban(iban),
        ibanHash: hashToken(iban),
      })
      return deps.payments.chargeMandate(
        payment,
        site,
        { customerId, mandateId },
        `${origin}/directdebit?payment=${payment.id}`,
        origin,
      )
    },
  }
}
