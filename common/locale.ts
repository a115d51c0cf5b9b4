import { DEFAULT_LOCALE, type Locale, SUPPORTED_LOCALES } from './constants.ts'

/** Locales offered per country (spec section 6), before narrowing to the bundled ones. */
const COUNTRY_LOCALES: Record<string, readonly string[]> = {
  US: ['en', 'es'],
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value)
}

/** A stored language as a bundled locale (en when it is not one), for mails. */
export function localeOfLanguage(language: string | null | undefined): Locale {
  return isLocale(language) ? language : DEFAULT_LOCALE
}

/** The first supported language of an Accept-Language header, by quality. */
export function browserLocale(acceptLanguage: string | null | undefined): Locale | null {
  return (
    rankedLanguages(acceptLanguage)
      .map((tag) => tag.toLowerCase().split('-')[0])
      .find(isLocale) ?? null
  )
}

/** The language tags of an Accept-Language header (fr-BE, en), best first by quality. */
function rankedLanguages(acceptLanguage: string | null | undefined): string[] {
  return (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index }
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag)
}

/** Locale choice (spec section 4): cookie, then browser language, then the site's domain_language, then en. */
export function chooseLocale(input: {
  cookie?: string | null
  acceptLanguage?: string | null
  domainLanguage?: string | null
}): Locale {
  if (isLocale(input.cookie)) return input.cookie
  const fromBrowser = browserLocale(input.acceptLanguage)
  if (fromBrowser) return fromBrowser
  if (isLocale(input.domainLanguage)) return input.domainLanguage
  return DEFAULT_LOCALE
}

/**
 * The locales the language menu offers (spec section 6): the selected country's locales, the current
 * locale and the browser language; every bundled locale when the selected country differs from the
 * detected one, or when no country is known. Only bundled locales are ever offered.
 */
export function visibleLocales(input: {
  current: Locale
  browser: Locale | null
  detectedCountry: string | null
  selectedCountry: string | null
}): Locale[] {
  const { current, browser, detectedCountry, selectedCountry } = input
  const country = selectedCountry ?? detectedCountry
  if (!country || (selectedCountry && detectedCountry && selectedCountry !== detectedCountry)) {
    return [...SUPPORTED_LOCALES]
  }
  const wanted = new Set<string>([
    ...(COUNTRY_LOCALES[country] ?? []),
    current,
    ...(browser ? [browser] : []),
  ])
  return SUPPORTED_LOCALES.filter((locale) => wanted.has(locale))
}

/**
 * Where speakers of a language most likely live, when nothing better says it. English is spoken in
 * too many of the countries served to guess one: an English browser without a region says nothing.
 */
const HOME_COUNTRY: Record<string, string> = { fr: 'FR', nl: 'NL', de: 'DE' }

/**
 * The country a visitor most likely lives in when GeoIP says nothing (issue 18), among those the
 * site serves: a region in the browser's languages (fr-BE, en-CA), by quality; else the home country
 * of their first language; else the page's language; null when none of these is served.
 */
export function countryFromLanguages(
  acceptLanguage: string | null | undefined,
  locale: string,
  served: readonly string[],
): string | null {
  const tags = rankedLanguages(acceptLanguage)
  for (const tag of tags) {
    const region = tag.split('-')[1]?.toUpperCase()
    if (region && served.includes(region)) return region
  }
  const first = tags[0]?.split('-')[0].toLowerCase() ?? locale
  for (const language of [first, locale]) {
    const home = HOME_COUNTRY[language]
    if (home && served.includes(home)) return home
  }
  return null
}
