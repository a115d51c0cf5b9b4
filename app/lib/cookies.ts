import {
  COUNTRY_COOKIE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_DAYS,
  type Locale,
  SITE_ENTRY_STORAGE_KEY,
} from '#common/constants.ts'

function cookieString(name: string, value: string, days: number): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${days * 86_400}; SameSite=Lax`
}

/** The Set-Cookie / document.cookie value that keeps the chosen locale for 365 days. */
export function localeCookie(locale: Locale): string {
  return cookieString(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS)
}

/** The cookie that keeps when the site-entry warning was dismissed (spec section 2), for a year. */
export function siteEntryCookie(at: Date): string {
  return cookieString(SITE_ENTRY_STORAGE_KEY, at.toISOString(), 365)
}

/** The cookie that keeps the country a visitor selected. */
export function countryCookie(country: string): string {
  return cookieString(COUNTRY_COOKIE, country, LOCALE_COOKIE_DAYS)
}
