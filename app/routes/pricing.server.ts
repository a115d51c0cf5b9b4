import type { RouterContextProvider } from 'react-router'
import { getAppContext } from '../context.server.ts'

/** What things cost on this site, and the minimum message cost in the visitor's country. */
export function loadPricing(context: Readonly<RouterContextProvider>) {
  const app = getAppContext(context)
  const s = app.site.settings
  const country = app.selectedCountry ?? app.geoCountry
  const minimum = country ? s.minimum_message_costs[country] : undefined
  return {
    messageCredits: s.message_credits,
    giftCredits: s.gift_credits,
    photoCredits: s.photo_credits,
    signupCredits: s.signup_credits,
    refundDays: s.refund_days,
    country,
    minimum: minimum ?? null,
    minimumByCountry: Object.entries(s.minimum_message_costs).map(([code, cost]) => ({ code, ...cost })),
  }
}
