import { data, type RouterContextProvider, redirect, redirectDocument, replace } from 'react-router'
import { isPaymentMethod } from '#common/payment-methods.ts'
import { DirectDebitConfirm, DirectDebitInput, PaymentInput } from '#common/schemas/credits.ts'
import { SpendingBreakInput, SpendingLimitInput } from '#common/schemas/spending.ts'
import { getAppContext } from '../../context.server.ts'
import { formFields, refused } from '../../lib/form-action.server.ts'
import { requireUser } from '../accounts/guards.server.ts'

/** /credits: the site's bundles in the member's currency. */
async function loadCredits(context: Readonly<RouterContextProvider>) {
  const user = requireUser(context)
  const app = getAppContext(context)
  const offer = await app.services.payments.packages(
    app.site,
    { userId: user.id },
    app.selectedCountry ?? app.geoCountry,
  )
  return { ...offer, refundDays: app.site.settings.refund_days }
}

/**
 * What a purchase page shows before its payment (ADR 32): the break under way, the check-in a
 * risky pattern calls for, and whether the member went on past it (`?checked-in=1`); its forms
 * then say so to the server, which checks all of it again.
 */
async function purchaseGate(context: Readonly<RouterContextProvider>, request: Request, currency: string) {
  const app = getAppContext(context)
  const view = await app.services.spending.view(requireUser(context).id, app.site, currency)
  return {
    ...view,
    checkedIn: view.check_in.length > 0 && new URL(request.url).searchParams.get('checked-in') === '1',
  }
}

/** A purchase form's word that the member saw the check-in and goes on. */
const checkedIn = (fields: Record<string, string>) => fields.checked_in === '1'

/** /credits: the bundles, the one-click purchase when the member has a saved card, this month's spending. */
export async function loadCreditsPage(context: Readonly<RouterContextProvider>) {
  const offer = await loadCredits(context)
  const app = getAppContext(context)
  const userId = requireUser(context).id
  const [repeat, spending] = await Promise.all([
    app.services.payments.repeatOffer({ userId }, app.site),
    app.services.spending.view(userId, app.site, offer.currency),
  ])
  return { ...offer, repeat, spending }
}

/** /credits/limits: this month's spending, the monthly limit, a raise waiting, a break. */
export async function loadLimits(context: Readonly<RouterContextProvider>) {
  const offer = await loadCredits(context)
  const app = getAppContext(context)
  return app.services.spending.view(requireUser(context).id, app.site, offer.currency)
}

/** /credits/limits' two forms (`?intent=`): the monthly limit, and a break from purchases. */
export async function changeLimits(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const intent = new URL(request.url).searchParams.get('intent')
  const fields = await formFields(request)
  try {
    const member = app.request.member()
    const actor = { userId: member.userId, ip: app.request.ip }
    const { currency } = await loadCredits(context)
    if (intent === 'limit') {
      const { limit } = SpendingLimitInput.parse(fields)
      await app.services.spending.setLimit(actor, app.site, currency, limit === null ? null : limit * 100)
      return { ok: true as const, intent }
    }
    if (intent === 'break') {
      const { days } = SpendingBreakInput.parse(fields)
      await app.services.spending.takeBreak(actor, app.site, currency, days)
      return { ok: true as const, intent }
    }
  } catch (error) {
    return refused(context, error, fields, intent ?? undefined)
  }
  throw data(null, { status: 400 })
}

const PAYMENT_ID = /^pay_[0-9a-f]{24}$/

/** The member's own payment named by ?payment= (back from a purchase), or null. */
async function paymentOf(context: Readonly<RouterContextProvider>, request: Request) {
  const id = new URL(request.url).searchParams.get('payment')
  if (!id || !PAYMENT_ID.test(id)) return null
  const app = getAppContext(context)
  try {
    const payment = await app.services.payments.get({ userId: requireUser(context).id }, id)
    return { id: payment.payment_id, package: payment.package }
  } catch {
    return null
  }
}

/** /credits/repeat-order: the last bundle on the saved card; back from it, that payment. */
export async function loadRepeatOrder(context: Readonly<RouterContextProvider>, request: Request) {
  const user = requireUser(context)
  const app = getAppContext(context)
  const [offer, payment] = await Promise.all([
    app.services.payments.repeatOffer({ userId: user.id }, app.site),
    paymentOf(context, request),
  ])
  const gate = offer ? await purchaseGate(context, request, offer.currency) : null
  return { offer, payment, gate }
}

/** /directdebit: the bundles in euros (SEPA), the one asked for by ?package= chosen. */
export async function loadDirectDebit(context: Readonly<RouterContextProvider>, request: Request) {
  const offer = await loadCredits(context)
  const app = getAppContext(context)
  const packages = offer.currency === 'EUR' ? offer.packages : []
  const asked = Number(new URL(request.url).searchParams.get('package'))
  const selected = packages.find((p) => p.id === asked)?.id ?? packages.find((p) => p.best_value)?.id ?? null
  return {
    packages,
    selected,
    methods: offer.methods,
    company: app.site.company.name,
    payment: await paymentOf(context, request),
    gate: await purchaseGate(context, request, offer.currency),
  }
}

/** /credits/{id}/{paymentmethod?}: one bundle, the methods for the member's country. */
export async function loadCheckout(
  context: Readonly<RouterContextProvider>,
  request: Request,
  params: { id?: string; paymentmethod?: string },
) {
  const offer = await loadCredits(context)
  const bundle = offer.packages.find((p) => String(p.id) === params.id)
  if (!bundle) throw data(null, { status: 404 })
  const method = params.paymentmethod
  if (method !== undefined && !isPaymentMethod(method)) {
    throw data(null, { status: 404 })
  }
  return {
    bundle,
    methods: offer.methods,
    method: method ?? null,
    refundDays: offer.refundDays,
    gate: await purchaseGate(context, request, bundle.currency),
  }
}

/** /transactions/{id?}: the member's payments and credit movements, or one payment's receipt. */
export async function loadTransactions(context: Readonly<RouterContextProvider>, id: string | undefined) {
  const user = requireUser(context)
  const app = getAppContext(context)
  if (id === undefined)
    return { list: await app.services.payments.transactions({ userId: user.id }, app.site), receipt: null }
  if (!/^pay_[0-9a-f]{24}$/.test(id)) throw data(null, { status: 404 })
  try {
    return { list: null, receipt: await app.services.payments.receipt({ userId: user.id }, id, app.site) }
  } catch (error) {
    if ((error as { code?: string }).code === 'payments.not_found') throw data(null, { status: 404 })
    throw error
  }
}

/**
 * The checkout's payment (the confirm modal's button): the payment made with the provider, then
 * the provider's own page, loaded by the browser; a refusal comes back to the modal in words.
 */
export async function startPayment(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const fields = await formFields(request)
  try {
    const input = PaymentInput.parse({
      package: Number(fields.package),
      method: fields.method,
      ...(fields.code ? { code: fields.code } : {}),
      checked_in: checkedIn(fields),
    })
    const from = app.request.origin()
    const created = await app.services.payments.start(app.request.member(), app.site, {
      ...input,
      locale: from.locale,
      origin: from.origin,
      ip: app.request.ip,
    })
    return redirectDocument(created.checkout_url)
  } catch (error) {
    return refused(context, error)
  }
}

/**
 * /directdebit's two forms (`?intent=`): the account and address, answered with where the SMS
 * code went (the code's form comes next); then the code, which makes the payment and leads to
 * its status on the same page.
 */
export async function directDebitStep(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const intent = new URL(request.url).searchParams.get('intent')
  const fields = await formFields(request)
  try {
    if (intent === 'request') {
      const input = DirectDebitInput.parse({
        ...fields,
        package: Number(fields.package),
        checked_in: checkedIn(fields),
      })
      const requested = await app.services.directDebit.request(
        app.request.member(),
        app.site,
        input,
        app.locale,
      )
      // What was typed, for "send a new code" (the member's own details, on their own page).
      return { ok: true as const, intent, requested, package: input.package, values: fields }
    }
    if (intent === 'confirm') {
      const input = DirectDebitConfirm.parse({ ...fields, checked_in: checkedIn(fields) })
      const from = app.request.origin()
      const created = await app.services.directDebit.confirm(
        app.request.member(),
        app.site,
        input,
        from.origin,
        {
          locale: from.locale,
          checked_in: input.checked_in,
          ip: app.request.ip,
        },
      )
      return redirect(`/directdebit?payment=${encodeURIComponent(created.payment_id)}`)
    }
  } catch (error) {
    // What was typed comes back (the IBAN and the phone too: they are the member's own, on their page).
    const { otp: _, ...values } = fields
    return refused(context, error, values, intent ?? undefined)
  }
  throw data(null, { status: 400 })
}

/** /credits/repeat-order's one press: the last bundle again on the saved card, then its status. */
export async function repeatOrder(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const fields = await formFields(request)
  try {
    const from = app.request.origin()
    const created = await app.services.payments.repeat(app.request.member(), app.site, from.origin, {
      locale: from.locale,
      checked_in: checkedIn(fields),
      ip: app.request.ip,
    })
    // The status replaces the offer in the history: back does not offer to pay again.
    return replace(`/credits/repeat-order?payment=${encodeURIComponent(created.payment_id)}`)
  } catch (error) {
    return refused(context, error)
  }
}

/**
 * /transactions/{id}/withdraw (ADR 32): step one names the purchase and what comes back; a purchase
 * that cannot be withdrawn from says why, in the member's language.
 */
export async function loadWithdrawal(context: Readonly<RouterContextProvider>, id: string) {
  const user = requireUser(context)
  const app = getAppContext(context)
  if (!PAYMENT_ID.test(id)) throw data(null, { status: 404 })
  try {
    return { view: await app.services.withdrawals.offer({ userId: user.id }, app.site, id), refusal: null }
  } catch (error) {
    const failure = app.request.failure(error)
    if (!failure) throw error
    if (failure.status === 404) throw data(null, { status: 404 })
    return { view: null, refusal: failure.message }
  }
}

/** Step two: the withdrawal confirmed, then the page again (which now says it was received). */
export async function confirmWithdrawal(context: Readonly<RouterContextProvider>, id: string) {
  const app = getAppContext(context)
  if (!PAYMENT_ID.test(id)) throw data(null, { status: 404 })
  try {
    const member = app.request.member()
    await app.services.withdrawals.withdraw({ userId: member.userId, ip: app.request.ip }, app.site, id)
    return redirect(`/transactions/${id}/withdraw`)
  } catch (error) {
    return refused(context, error)
  }
}
