import type { RouterContextProvider } from 'react-router'
import { kindCredits, MESSAGE_KIND_NAMES } from '#common/message-kinds.ts'
import { messageCostWith } from '#common/message-price.ts'
import { moneyTable } from '#common/money.ts'
import { getAppContext } from '../context.server.ts'

/**
 * What things cost on this site: credits per action, the bundles in the visitor's currency, and what
 * a message costs in money in every country served (the one rule, common/message-price.ts).
 */
export async function loadPricing(context: Readonly<RouterContextProvider>) {
  const app = getAppContext(context)
  const s = app.site.settings
  const country = app.selectedCountry ?? app.geoCountry
  const offer = await app.services.payments.packages(app.site, null, country)
  const costsByCountry = Object.entries(app.site.messageCosts).map(([code, cost]) => ({ code, ...cost }))
  return {
    messageCredits: s.message_credits,
    /** What each kind of message costs, in the kinds' order. */
    kinds: MESSAGE_KIND_NAMES.map((kind) => ({ kind, credits: kindCredits(s, kind) })),
    signupCredits: s.signup_credits,
    refundDays: s.refund_days,
    country: country && app.site.messageCosts[country] ? country : null,
    bundles: offer.packages,
    costsByCountry,
    /** Every amount the page shows, formatted (app/features/credits/money.tsx). */
    prices: moneyTable(
      [
        ...offer.packages.flatMap((b) => [
          [b.amount, b.currency] as const,
          [messageCostWith(b, s.message_credits), b.currency] as const,
        ]),
        ...costsByCountry.flatMap((c) => [[c.costs, c.currency] as const, [c.highest, c.currency] as const]),
      ],
      app.locale,
    ),
  }
}
