import { numberFormat } from './intl.ts'

/** The currency a member pays in, from their country; bundles exist per currency (EUR otherwise). */
const CURRENCIES: Record<string, string> = {
  GB: 'GBP',
  CH: 'CHF',
  CA: 'CAD',
  US: 'USD',
  AU: 'AUD',
  NZ: 'NZD',
  PL: 'PLN',
}

export function currencyOf(country: string | null | undefined): string {
  return (country && CURRENCIES[country]) || 'EUR'
}

/** Cents as money in the member's language: 1995 EUR in fr is "19,95 €". */
export function formatMoney(cents: number, currency: string, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency }).format(cents / 100)
}

/** Amounts formatted ahead by formatMoney, by moneyKey: what a page shows, sent with it. */
export type MoneyTable = Record<string, string>

export const moneyKey = (cents: number, currency: string) => `${cents} ${currency}`

/**
 * The amounts a page shows, formatted by the server: the page then hydrates without making an Intl
 * formatter, which costs a phone over 100 ms the first time (common/intl.ts).
 */
export function moneyTable(amounts: Iterable<readonly [number, string]>, locale: string): MoneyTable {
  const table: MoneyTable = {}
  for (const [cents, currency] of amounts)
    table[moneyKey(cents, currency)] = formatMoney(cents, currency, locale)
  return table
}

/** A percentage off, rounded to the cent. */
export function discounted(cents: number, percentage: number): number {
  return Math.round((cents * (100 - percentage)) / 100)
}
