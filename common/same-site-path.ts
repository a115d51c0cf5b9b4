/** An origin no path can name: what a path is resolved against to see whether it stays on it. */
const HOME = 'https://same-site.invalid'

/**
 * `value` when it is a path of this site (a return address: `back`, `next`, `return`), else
 * `fallback`. A browser reads `//host`, `/\host`, `/\thost` (tabs and newlines are dropped) and
 * `\\host` as another site: anything with a backslash or a control character is refused, and what
 * is left must resolve to a path of the same origin. The path comes back as the URL parser writes
 * it, percent-encoded: a character above U+00FF (or a line separator) never reaches a `Location`
 * header raw, where it would be a 500 (issue 55, point 6).
 */
export function sameSitePath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 2000) return fallback
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!value.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(value)) return fallback
  if (!URL.canParse(value, HOME)) return fallback
  const url = new URL(value, HOME)
  return url.origin === HOME ? `${url.pathname}${url.search}${url.hash}` : fallback
}

/** Whether `value` is a path of this site (see sameSitePath). */
export const isSameSitePath = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && sameSitePath(value, '') === value
