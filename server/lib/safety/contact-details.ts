import { createHash } from 'node:crypto'

/**
 * Whether a text hands out a way to talk elsewhere: a link, a web address, an e-mail address, a
 * phone number (8 digits or more), or a messenger named. In a first message that is the usual
 * opening of scams and of paid-for profiles leaving the site (ADR 16).
 */
export function findContactDetails(text: string): string | null {
  const patterns = [
    /\b(?:https?:\/\/|www\.)\S+/i,
    /[^\s@]+@[^\s@]+\.[a-z]{2,}/i,
    /\b[a-z0-9-]{2,}\.(?:com|net|org|io|me|ly|co|fr|nl|de|be|info|biz|xyz|site|link|app)\b/i,
    /(?:\+|\b00)?\d(?:[\s().-]?\d){7,}/,
    /\b(?:whats ?app|telegram|snapchat|insta(?:gram)?|kik|skype|signal me)\b/i,
  ]
  for (const pattern of patterns) {
    const found = text.match(pattern)
    if (found) return found[0]
  }
  return null
}

/** A text as the repeated-opening check compares it: case, spacing and punctuation aside. */
export function normalizeOpening(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/**
 * The key of an opening by which the same introduction sent to many members is found (the
 * moderators' signal, the receiver's tip): a hash of its normalized text; null for a text too short
 * to tell ("hi", "hello there").
 */
export function openingHash(text: string): string | null {
  const normalized = normalizeOpening(text)
  if (normalized.length < 12) return null
  return createHash('sha256').update(normalized).digest('hex').slice(0, 32)
}
