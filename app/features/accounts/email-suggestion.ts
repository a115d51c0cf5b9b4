import { run } from '@zootools/email-spell-checker'

/** A likely intended address for a mistyped domain (gmial.com → gmail.com), or null. */
export function suggestEmail(email: string): string | null {
  if (!email.includes('@')) return null
  const result = run({ email: email.trim() })
  return result?.full && result.full !== email.trim().toLowerCase() ? result.full : null
}
