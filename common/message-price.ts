import { currencyOf } from './money.ts'

/** A bundle as far as its price goes: credits for an amount in cents of a currency. */
export interface PricedBundle {
  credits: number
  amount: number
  currency: string
}

/** What a message costs in money in one currency: with the best-value bundle and with the dearest. */
export interface MessageCost {
  /** In cents: the lowest a message costs (the minimum message cost of spec section 3). */
  costs: number
  /** In cents: the most a message costs, with the bundle dearest per credit. */
  highest: number
  currency: string
}

/**
 * The one rule for what a chat message costs in money (issue 18): the credits a message takes times
 * the price of one credit in the bundle it is paid from, rounded up to the cent (never shown lower
 * than it is). Every page that shows a message's price in money uses it.
 */
export function messageCostWith(bundle: PricedBundle, messageCredits: number): number {
  if (bundle.credits <= 0) return 0
  return Math.ceil((bundle.amount * messageCredits) / bundle.credits)
}

/**
 * The currency a member of a country pays in: their own where the site sells bundles in it, else
 * euros (the bundles of every site exist in euros).
 */
export function offeredCurrency(country: string | null | undefined, sold: ReadonlySet<string>): string {
  const own = currencyOf(country)
  return sold.has(own) ? own : 'EUR'
}

/** What a message costs with the bundles offered in one currency; null when none is offered. */
export function messageCost(
  bundles: readonly PricedBundle[],
  messageCredits: number,
  currency: string,
): MessageCost | null {
  const prices = bundles.filter((b) => b.currency === currency).map((b) => messageCostWith(b, messageCredits))
  if (prices.length === 0) return null
  return { costs: Math.min(...prices), highest: Math.max(...prices), currency }
}

/** What a message costs in each country a site serves, from the bundles it sells there. */
export function messageCostsByCountry(
  countries: readonly string[],
  bundles: readonly PricedBundle[],
  messageCredits: number,
): Record<string, MessageCost> {
  const sold = new Set(bundles.map((b) => b.currency))
  const costs: Record<string, MessageCost> = {}
  for (const country of countries) {
    const cost = messageCost(bundles, messageCredits, offeredCurrency(country, sold))
    if (cost) costs[country] = cost
  }
  return costs
}
