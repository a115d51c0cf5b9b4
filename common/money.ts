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
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100)
}

/** A percentage off, rounded to the cent. */
export function discounted(cents: number, percentage: number): number {
  return Math.round((cents * (100 - percentage)) / 100)
}
