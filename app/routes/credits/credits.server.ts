import { data, type RouterContextProvider } from 'react-router'
import { PAYMENT_METHODS } from '#common/payment-methods.ts'
import { getAppContext } from '../../context.server.ts'
import { requireUser } from '../accounts/guards.server.ts'

/** /credits: the site's bundles in the member's currency. */
export async function loadCredits(context: Readonly<RouterContextProvider>) {
  const user = requireUser(context)
  const app = getAppContext(context)
  const offer = await app.services.payments.packages(
    app.site,
    { userId: user.id },
    app.selectedCountry ?? app.geoCountry,
  )
  return { ...offer, refundDays: app.site.settings.refund_days }
}

/** /credits/{id}/{paymentmethod?}: one bundle, the methods for the member's country. */
export async function loadCheckout(
  context: Readonly<RouterContextProvider>,
  params: { id?: string; paymentmethod?: string },
) {
  const offer = await loadCredits(context)
  const bundle = offer.packages.find((p) => String(p.id) === params.id)
  if (!bundle) throw data(null, { status: 404 })
  const method = params.paymentmethod
  if (method !== undefined && !(PAYMENT_METHODS as readonly string[]).includes(method)) {
    throw data(null, { status: 404 })
  }
  return { bundle, methods: offer.methods, method: method ?? null, refundDays: offer.refundDays }
}

/** /transactions/{id?}: the member's payments and credit movements, or one payment's receipt. */
export async function loadTransactions(context: Readonly<RouterContextProvider>, id: string | undefined) {
  const user = requireUser(context)
  const app = getAppContext(context)
  if (id === undefined)
    return { list: await app.services.payments.transactions({ userId: user.id }), receipt: null }
  if (!/^pay_[0-9a-f]{24}$/.test(id)) throw data(null, { status: 404 })
  try {
    return { list: null, receipt: await app.services.payments.receipt({ userId: user.id }, id, app.site) }
  } catch (error) {
    if ((error as { code?: string }).code === 'payments.not_found') throw data(null, { status: 404 })
    throw error
  }
}
