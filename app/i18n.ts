import i18next, { type i18n } from 'i18next'
import { use } from 'react'
import { initReactI18next } from 'react-i18next'
import type { Locale } from '#common/constants.ts'
import enUrl from '#common/i18n/en.json?url'
import consoleUrl from '#common/i18n/en-console.json?url'
import frUrl from '#common/i18n/fr.json?url'
import { slugLocale } from '#common/landers.ts'

type Strings = Record<string, unknown>

/**
 * The strings each language has in this process. The server registers every string at start
 * (entry.server.tsx); the browser fetches the page's language only, as JSON beside the code
 * (ADR 21): the site's strings, plus the console's on /admin, never the mails'.
 */
const strings: Partial<Record<Locale, Strings>> = {}
/** The browser's live instance, told of strings that arrive after it was made (the console's). */
let live: i18n | null = null

/** Where the browser finds a language's site strings (hashed, served precompressed and immutable). */
export const STRINGS_URL: Record<Locale, string> = { en: enUrl, fr: frUrl }
/** The console's strings (English; other languages fall back to them). */
export const CONSOLE_STRINGS_URL = consoleUrl

/** Adds strings to a language (merged with what it has); top-level keys of bundles are disjoint. */
export function addStrings(locale: Locale, bundle: Strings) {
  strings[locale] = { ...strings[locale], ...bundle }
  live?.addResourceBundle(locale, 'translation', bundle, true, true)
}

const fetched = new Map<string, Promise<void>>()

/** Fetches one bundle of strings once (the page's preload link has usually started it). */
function fetchStrings(locale: Locale, url: string): Promise<void> {
  let pending = fetched.get(url)
  if (!pending) {
    pending = fetch(url, { credentials: 'same-origin' }).then(async (response) => {
      if (!response.ok) throw new Error(`${url}: ${response.status}`)
      addStrings(locale, (await response.json()) as Strings)
    })
    pending.catch(() => fetched.delete(url))
    fetched.set(url, pending)
  }
  return pending
}

/** In the browser: the site's strings of a language (before hydration, and before switching to it). */
export function loadStrings(locale: Locale): Promise<void> {
  return fetchStrings(locale, STRINGS_URL[locale])
}

/** In the browser, before hydration: every bundle the document's preload links name. */
export function loadPageStrings(document: Document): Promise<unknown> {
  const urls = [...document.querySelectorAll<HTMLLinkElement>('link[data-strings]')]
  return Promise.all(
    urls.map((link) => fetchStrings(link.dataset.strings as Locale, link.getAttribute('href') ?? '')),
  )
}

/** In the browser: the console's strings, before a console page renders. */
export function loadConsoleStrings(): Promise<void> {
  return fetchStrings('en', CONSOLE_STRINGS_URL)
}

/**
 * A page in a language whose strings the browser has not loaded yet (a lander's slug, a language
 * just chosen): waits (suspends) until they are here.
 */
export function useStrings(locale: Locale) {
  if (!strings[locale] || !('common' in (strings[locale] as Strings))) use(loadStrings(locale))
}

/** Console pages: waits (suspends) for the console's strings when a navigation brings them in. */
export function useConsoleStrings() {
  if (!strings.en || !('console' in strings.en)) use(loadConsoleStrings())
}

/** The string bundles a page renders with: its language, a lander's copy language, the console's. */
export function pageStrings(
  locale: Locale,
  pathname: string,
  slug?: string,
): { locale: Locale; url: string }[] {
  const copy = slugLocale(slug)
  return [
    { locale, url: STRINGS_URL[locale] },
    ...(copy && copy !== locale ? [{ locale: copy, url: STRINGS_URL[copy] }] : []),
    ...(pathname.startsWith('/admin') ? [{ locale: 'en' as const, url: CONSOLE_STRINGS_URL }] : []),
  ]
}

/** An i18next instance for one render (server) or the page's lifetime (browser). */
export function createI18n(locale: Locale): i18n {
  const instance = i18next.createInstance()
  instance.use(initReactI18next).init({
    resources: Object.fromEntries(
      Object.entries(strings).map(([lng, bundle]) => [lng, { translation: bundle }]),
    ),
    lng: locale,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  })
  if (typeof window !== 'undefined') live = instance
  return instance
}
