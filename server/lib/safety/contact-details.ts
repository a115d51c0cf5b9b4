import { createHash } from 'node:crypto'
import { readableText, spelledDigits } from './readable-text.ts'

/** Where an address is written out in words: "anna at gmail dot com", "anna (arobase) free point fr". */
const SPELLED_EMAIL =
  /[\p{L}\d._-]+\s*[([{]?\s*\b(?:at|arobase)\b\s*[)\]}]?\s*[\p{L}\d-]{2,}\s*[([{]?\s*\b(?:dot|point)\b\s*[)\]}]?\s*(?:com|net|org|fr|nl|de|be|ch|io|me|co|uk|eu)\b/iu

/** Another app named, or a handle on it ("snap: anna_b", "ig @anna", "@anna.b"). */
const MESSENGERS =
  /\b(?:whats ?app|telegram|snap ?chat|insta(?:gram)?|kik|skype|signal me|discord|viber|wechat|threema)\b/i
const HANDLE =
  /(?:\b(?:snap|sc|ig|insta|tg|tele|kik|wa|discord|tiktok|tt)\s*[:=]\s*@?|(?:^|\s)@)[a-z0-9][a-z0-9_.]{2,}/i

/**
 * Whether a text hands out a way to talk elsewhere: a link, a web address, an e-mail address (written
 * out in words too), a phone number (8 digits or more: spaced, full-width or spelled out in English or
 * French as well), or another app named or a handle on it. In a first message that is the usual
 * opening of scams and of paid-for profiles leaving the site (ADR 16). The rules read the text with
 * the tricks that hide it undone (readableText: invisible characters, look-alike letters,
 * compatibility forms); the answer is what they found there.
 */
export function findContactDetails(written: string): string | null {
  const text = readableText(written)
  const before = [
    /\b(?:https?:\/\/|www\.)\S+/i,
    /[^\s@]+@[^\s@]+\.[a-z]{2,}/i,
    SPELLED_EMAIL,
    /\b[a-z0-9-]{2,}\.(?:com|net|org|io|me|ly|co|fr|nl|de|be|info|biz|xyz|site|link|app)\b/i,
  ]
  for (const pattern of before) {
    const found = text.match(pattern)
    if (found) return found[0].trim()
  }
  // A phone number: 8 digits or more, whatever the separators (spaces, dots, dashes, slashes…).
  const phone = spelledDigits(text).match(/(?:\+|\b00)?\d(?:[\s().\-_/*|]{0,3}\d){7,}/)
  if (phone) return phone[0]
  for (const pattern of [MESSENGERS, HANDLE]) {
    const found = text.match(pattern)
    if (found) return found[0].trim()
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
