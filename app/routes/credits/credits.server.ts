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
