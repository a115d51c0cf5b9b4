import { eachKind, type KindPriceSetting, kindCredits, type MessageKind } from './message-kinds.ts'
import { messageCostWith, offeredCurrency, type PricedBundle } from './message-price.ts'
import { formatMoney } from './money.ts'

/**
 * What credits are worth to a member (issue 54, point 3; ADR 32): the price per credit of the last
 * bundle they paid for (at what they paid, a discount included); before any purchase, of the site's
 * smallest bundle in their currency. Every price in credits shows its money from this one rule,
 * wherever a member spends credits or is asked to buy them. Null only when the site sells nothing.
 */
export function creditValue(
  lastPaid: PricedBundle | null,
  bundles: readonly PricedBundle[],
  country: string | null | undefined,
): PricedBundle | null {
  if (lastPaid && lastPaid.credits > 0) return lastPaid
  const currency = offeredCurrency(country, new Set(bundles.map((b) => b.currency)))
  let smallest: PricedBundle | null = null
  for (const b of bundles)
    if (b.currency === currency && b.credits > 0 && (!smallest || b.credits < smallest.credits)) smallest = b
  return smallest ? { credits: smallest.credits, amount: smallest.amount, currency } : null
}

/** `credits` credits in cents at a credit value, rounded up to the cent (never shown lower than it is). */
export function moneyOfCredits(value: PricedBundle, credits: number): number {
  return messageCostWith(value, credits)
}

/** The paid kinds of message, each at its own price in credits (common/message-kinds.ts). */
export type PaidKind = MessageKind

/**
 * The money of each paid kind's price in credits, formatted in the member's language ("0,80 €"):
 * made by the server with the page's data, so that a page shows it without an Intl formatter of
 * its own (common/intl.ts). Null when the site sells nothing to price credits with.
 */
export function creditPrices(
  value: PricedBundle | null,
  settings: Record<KindPriceSetting, number>,
  locale: string,
): Record<PaidKind, string> | null {
  if (!value) return null
  return eachKind((kind) =>
    formatMoney(moneyOfCredits(value, kindCredits(settings, kind)), value.currency, locale),
  )
}

/**
 * The bundle to offer a member who lacks `missing` credits (issue 54, point 3; the consumer
 * authorities' principle: no bundle that forces buying more than needed): the smallest of their
 * currency that covers what is missing, or the largest when none does. Null when none is sold.
 */
export function coveringBundle<T extends PricedBundle>(
  bundles: readonly T[],
  currency: string,
  missing: number,
): T | null {
  const own = bundles.filter((b) => b.currency === currency).sort((a, b) => a.credits - b.credits)
  return own.find((b) => b.credits >= missing) ?? own.at(-1) ?? null
}

/** A currency's bundles, smallest first, each with its price formatted in the member's language. */
export function memberBundles(
  bundles: ReadonlyArray<PricedBundle & { id: number }>,
  currency: string,
  locale: string,
): Array<{ id: number; credits: number; currency: string; amount: number; price: string }> {
  return bundles
    .filter((b) => b.currency === currency)
    .sort((a, b) => a.credits - b.credits)
    .map((b) => ({ ...b, price: formatMoney(b.amount, b.currency, locale) }))
}
