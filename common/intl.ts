// The browser's and Node's Intl formatters, made once per language and options. Making one costs
// milliseconds (about 4.5 ms for a region name on a phone, issue 19): a search page naming the
// country of twenty members, or a price list formatting each price, made one per card and per
// price, and hydration paid for them all in one long task. Formatting with a kept one is free.
const made = new Map<string, Intl.DisplayNames | Intl.NumberFormat | Intl.DateTimeFormat>()

function kept<T extends Intl.DisplayNames | Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  locale: string | undefined,
  options: object | undefined,
  make: () => T,
): T {
  const key = `${kind}|${locale ?? ''}|${options ? JSON.stringify(options) : ''}`
  let formatter = made.get(key)
  if (!formatter) {
    formatter = make()
    made.set(key, formatter)
  }
  return formatter as T
}

/** Country names in a language: regionNames('fr').of('DE') is "Allemagne". */
export function regionNames(locale: string): Intl.DisplayNames {
  return kept('region', locale, undefined, () => new Intl.DisplayNames([locale], { type: 'region' }))
}

/** Language names in a language: languageNames('fr').of('en') is "anglais". */
export function languageNames(locale: string): Intl.DisplayNames {
  return kept('language', locale, undefined, () => new Intl.DisplayNames([locale], { type: 'language' }))
}

/** A number format; `locale` undefined is the runtime's own. */
export function numberFormat(
  locale: string | undefined,
  options?: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  return kept('number', locale, options, () => new Intl.NumberFormat(locale, options))
}

/**
 * The locale a member's times are written in: their language as spoken in their country, so that
 * English in Britain or France reads "15:33" and in the United States "03:33 PM" (issue 56, point 7).
 */
export function regionalLocale(language: string, country: string | null | undefined): string {
  return country && /^[A-Z]{2}$/.test(country) ? `${language}-${country}` : language
}

/** A date and time format; `locale` undefined is the runtime's own. */
export function dateTimeFormat(
  locale: string | undefined,
  options?: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return kept('date', locale, options, () => new Intl.DateTimeFormat(locale, options))
}

/**
 * The names of `codes` in a language, for a page to show without Intl: the server sends the names
 * of its site's countries with the page (app/lib/country-names.ts), as the first Intl formatter a
 * phone makes loads the locale data (over 100 ms at Lighthouse's CPU, inside hydration's task).
 */
export function countryNameTable(codes: Iterable<string>, locale: string): Record<string, string> {
  const names = regionNames(locale)
  const table: Record<string, string> = {}
  for (const code of codes) table[code] = names.of(code) ?? code
  return table
}
