import { createContext, createElement, type ReactNode, useContext, useEffect, useRef, useState } from 'react'
import type { Locale } from '#common/constants.ts'
import enUrl from '#common/i18n/en.json?url'
import enConsoleUrl from '#common/i18n/en-console.json?url'
import frUrl from '#common/i18n/fr.json?url'
import frConsoleUrl from '#common/i18n/fr-console.json?url'
import { slugLocale } from '#common/landers.ts'
import { type Strings, type TFunction, translator } from '#common/translate.ts'

export type { TFunction }

/**
 * The strings each language has in this process. The server registers every string at start
 * (entry.server.tsx); the browser fetches the page's language only, as JSON beside the code
 * (ADR 21): the site's strings, plus the console's on /admin, never the mails'.
 */
const strings: Partial<Record<Locale, Strings>> = {}
const stringsOf = (language: string) => strings[language as Locale]

/** Where the browser finds a language's site strings (hashed, served precompressed and immutable). */
const STRINGS_URL: Record<Locale, string> = { en: enUrl, fr: frUrl }
/** Where the browser finds a language's console strings (fetched on /admin only). */
const CONSOLE_STRINGS_URL: Record<Locale, string> = { en: enConsoleUrl, fr: frConsoleUrl }

/** Adds strings to a language (merged with what it has); top-level keys of bundles are disjoint. */
export function addStrings(locale: Locale, bundle: Strings) {
  strings[locale] = { ...strings[locale], ...bundle }
}

const fetched = new Map<string, Promise<void>>()

/** Waits between tries of a bundle that failed to load: doubling from half a second to 30 s. */
export const stringsRetryDelay = (attempt: number) => Math.min(30_000, 500 * 2 ** attempt)

/**
 * Fetches one bundle of strings once (the page's preload link has usually started it). A bundle that
 * fails to load (the network, a deploy under way) is logged and tried again, longer and longer
 * apart, until it comes: the page the server rendered stays usable meanwhile (its links and forms
 * work without scripts), and comes alive as soon as the strings are here.
 */
export function fetchStrings(locale: Locale, url: string, delay = stringsRetryDelay): Promise<void> {
  let pending = fetched.get(url)
  if (!pending) {
    const attempt = async (n: number): Promise<void> => {
      try {
        const response = await fetch(url, { credentials: 'same-origin' })
        if (!response.ok) throw new Error(`${response.status}`)
        addStrings(locale, (await response.json()) as Strings)
      } catch (error) {
        console.warn(`The ${locale} strings did not load (${url}: ${String(error)}); trying again.`)
        await new Promise((resolve) => setTimeout(resolve, delay(n)))
        return attempt(n + 1)
      }
    }
    pending = attempt(0)
    fetched.set(url, pending)
  }
  return pending
}

/** In the browser: the site's strings of a language (before hydration, and before switching to it). */
function loadStrings(locale: Locale): Promise<void> {
  return fetchStrings(locale, STRINGS_URL[locale])
}

/** In the browser, before hydration: every bundle the document's preload links name. */
export function loadPageStrings(document: Document): Promise<unknown> {
  const urls = [...document.querySelectorAll<HTMLLinkElement>('link[data-strings]')]
  return Promise.all(
    urls.map((link) => fetchStrings(link.dataset.strings as Locale, link.getAttribute('href') ?? '')),
  )
}

/** In the browser: the console's strings of a language, before a console page renders. */
function loadConsoleStrings(locale: Locale): Promise<void> {
  return fetchStrings(locale, CONSOLE_STRINGS_URL[locale])
}

const hasSiteStrings = (locale: Locale) =>
  Boolean(strings[locale] && 'common' in (strings[locale] as Strings))
const hasConsoleStrings = (locale: Locale) =>
  Boolean(strings[locale] && 'console' in (strings[locale] as Strings))

/** Fetches a bundle the page lacks (`ready` false) and renders again once it has come. */
function useLoaded(ready: boolean, locale: Locale, bundle: 'site' | 'console') {
  const [, setSettled] = useState(0)
  useEffect(() => {
    if (ready) return
    const load = bundle === 'console' ? loadConsoleStrings(locale) : loadStrings(locale)
    load.then(
      () => setSettled((n) => n + 1),
      () => {},
    )
  }, [ready, locale, bundle])
}

/**
 * The language a page shows: `locale` once its strings are here (they always are on the server and
 * for the page the browser loaded); after a language is chosen, or a lander in another language is
 * reached by a link, the language shown before until they have come, then `locale`. Nothing
 * suspends: the page never goes blank while strings load.
 */
export function useLoadedLocale(locale: Locale): Locale {
  const ready = hasSiteStrings(locale)
  const shown = useRef(locale)
  if (ready) shown.current = locale
  useLoaded(ready, locale, 'site')
  return shown.current
}

/**
 * Console pages: whether the console's strings in the page's language are here (a navigation from
 * the site, or a change of language, brings them in).
 */
export function useConsoleStrings(): boolean {
  const locale = useTranslation().i18n.language
  const ready = hasConsoleStrings(locale)
  useLoaded(ready, locale, 'console')
  return ready
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
    ...(pathname.startsWith('/admin') ? [{ locale, url: CONSOLE_STRINGS_URL[locale] }] : []),
  ]
}

/** The page's language and its translators. */
interface I18n {
  language: Locale
  t: TFunction
  /** A translator for another language (a lander's copy in the language its slug names). */
  getFixedT: (language: Locale) => TFunction
}

/** The translators of one render (server) or of the page's lifetime (browser). */
export function createI18n(locale: Locale): I18n {
  return {
    language: locale,
    t: translator(stringsOf, locale),
    getFixedT: (language) => translator(stringsOf, language),
  }
}

const I18nContext = createContext<I18n | null>(null)

/** Gives the page's translators to every component below (the root's Layout). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children)
}

/** The page's translator, `t`, and its language (`i18n.language`); English outside a provider. */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext) ?? createI18n('en')
  return { t: i18n.t, i18n }
}
