import { createHash } from 'node:crypto'
import { readableText, spelledDigits } from './readable-text.ts'

/** Where an address is written out in words: "anna at gmail dot com", "anna (arobase) free point fr". */
const SPELLED_EMAIL =
  /(?<![\p{L}\d._-])[\p{L}\d._-]+\s*(?:[([{]\s*)?\b(?:at|arobase)\b\s*(?:[)\]}]\s*)?[\p{L}\d-]{2,}\s*(?:[([{]\s*)?\b(?:dot|point)\b\s*(?:[)\]}]\s*)?(?:com|net|org|fr|nl|de|be|ch|io|me|co|uk|eu)\b/iu
/** An address with spaces around its signs: "kevin . smith @ gmail . com". */
const SPACED_EMAIL =
  /(?=[\p{L}\d_-])(?<![\p{L}\d_-]|[\p{L}\d_-]\s*\.\s*)[\p{L}\d_-]+(?:\s*\.\s*[\p{L}\d_-]+)*\s+@\s+[\p{L}\d-]{2,}\s*\.\s*[a-z]{2,6}\b/iu
/** A web address written out: "mysite dot com slash anna", "monsite point fr". */
const SPELLED_SITE =
  /(?<![\p{L}\d-])[\p{L}\d-]{2,}\s+(?:dot|point)\s+(?:com|org|fr|nl|uk|io|xyz)\b(?:\s+(?:slash)\s+\S+)?/iu
/** A link with a path, whatever its domain's ending ("linktr.ee/sarah.j"). */
const PATH_LINK = /(?<![a-z0-9-])[a-z0-9-]{2,}\.[a-z]{2,6}\/[\w.~%-]+/i

/** The other apps people move a conversation to (look-alike signs for their letters included). */
const APP =
  '(?:wh[a@]ts ?[a@]pp|wh[a@]ts[a@]p|t[eé]l[eé] ?gr[a@]m|sn[a@]p ?ch[a@]t|sn[a@]p|insta(?:gram)?|kik|skype|signal|discord|viber|we ?chat|threema|facebook|fb|messenger|hangouts|google chat|face ?time|line|tiktok)'
/**
 * Another app named as a way to talk: a handle, a number or "me" after it ("WhatsApp me", "snap:
 * anna_b", "Hangouts as jon.k"), or an invitation just before it ("add me on", "are you on", "let's
 * talk on", "ajoute-moi sur", "tu as"). A mention alone ("I post my photos on Instagram", "j'ai
 * supprimé Snapchat") hands out nothing.
 */
const APP_INVITED = new RegExp(
  `(?<!\\p{L})(?:add(?: me)?|follow me|find me|write(?: to)? me|message me|text me|hit me up|talk|chat|move|switch|come|continue|are you|r u|you on|do you have|have you got|got|what'?s your|whats your|my|ajoute(?:-| )?moi|ajoutez(?:-| )?moi|suis(?:-| )?moi|retrouve(?:-| )?moi|[ée]cris(?:-| )?moi|[ée]crivez(?:-| )?moi|parle|parler|discuter|passe|passer|passons|viens|continuer|t'?es|tu es|tu as|t'?as|ton|mon|c'?est quoi ton)\\b(?:\\s+\\S+){0,2}?\\s+(${APP})\\b`,
  'iu',
)
const APP_ADDRESSED = new RegExp(
  `\\b${APP}\\b\\s*(?:[:=]\\s*@?[\\w.]{2,}|@[\\w.]{2,}|me\\b|moi\\b|(?:as|is|c['’]?est)\\s+@?[\\w.]{3,}|\\+?\\d)`,
  'iu',
)
const HANDLE =
  /(?:\b(?:snap|sc|ig|insta|tg|tele|kik|wa|discord|tiktok|tt)\s*[:=]\s*@?|(?:^|\s)@)[a-z0-9][a-z0-9_.]{2,}/i
/** An account named by its id on any app: "my id is sakura88", "my gmail is jon.k". */
const ACCOUNT_ID =
  /\b(?:id|pseudo|username|user name|gmail|hotmail|outlook|yahoo|icloud)\s*(?::|is|est|c'?est)\s*@?[a-z0-9][a-z0-9_.]{2,}/i
/** Asking for the other's number or account: "give me your number", "c'est quoi ton snap", "ton 06". */
const ASKS_FOR_CONTACT = new RegExp(
  `\\b(?:your|ur|ton|ta|votre) (?:(?:phone|mobile|cell|whatsapp|portable) )?(?:number|digits|num[eé]ro|num|06|07|portable|${APP})(?!\\p{L})(?! one\\b| un\\b| de (?:ta )?carte\\b)`,
  'iu',
)
const ASKING_FOR_IT =
  /\b(?:give|drop|send|leave|share|can i (?:have|get)|could i (?:have|get)|may i have|what'?s|whats|donne|laisse|envoie|file|files|passe|je peux avoir|tu peux me donner|c'?est quoi)\b/i

/** Ways to be paid read first: an IBAN or a wallet's address is not a phone number. */
const PAYMENT_NUMBERS =
  /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}\b|\b(?:bc1[a-z0-9]{25,60}|0x[0-9a-fA-F]{40})\b/g

/**
 * Whether a text hands out a way to talk elsewhere: a link, a web address, an e-mail address (written
 * out in words too), a phone number (8 digits or more: spaced, full-width or spelled out in English or
 * French as well), another app offered as the place to talk or a handle on it, or a request for the
 * other's number. In a first message that is the usual opening of scams and of paid-for profiles
 * leaving the site (ADR 16). The rules read the text with the tricks that hide it undone
 * (readableText: invisible characters, look-alike letters, compatibility forms, spaced letters); the
 * answer is what they found there. Measured on the labelled corpus (tests/fixtures/safety-corpus).
 */
export function findContactDetails(written: string): string | null {
  const text = readableText(written)
  const before = [
    /\b(?:https?:\/\/|www\.)\S+/i,
    /(?<![^\s@])[^\s@]+@[^\s@]+\.[a-z]{2,}/i,
    SPACED_EMAIL,
    SPELLED_EMAIL,
    PATH_LINK,
    /(?<![a-z0-9-])[a-z0-9-]{2,}\.(?:com|net|org|io|me|ly|co|fr|nl|de|be|info|biz|xyz|site|link|app)\b/i,
    SPELLED_SITE,
  ]
  for (const pattern of before) {
    const found = text.match(pattern)
    if (found) return found[0].trim()
  }
  // A phone number: 8 digits or more, whatever the separators (spaces, dots, dashes, slashes, a comma
  // between short groups: "six one two, three four five"; a list of years is no number).
  const digits = spelledDigits(text.replace(PAYMENT_NUMBERS, ' '))
  for (const phone of digits.match(/(?:\+|\b00)?\d(?:[\s().\-_/*|,]{0,3}\d){7,}/g) ?? [])
    if (!phone.includes(',') || !/\d{4}/.test(phone)) return phone
  for (const pattern of [APP_ADDRESSED, HANDLE, ACCOUNT_ID]) {
    const found = text.match(pattern)
    if (found) return found[0].trim()
  }
  const invited = text.match(APP_INVITED)
  if (invited) return invited[1]
  const asked = text.match(ASKS_FOR_CONTACT)
  if (asked && ASKING_FOR_IT.test(text)) return asked[0]
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
 * A greeting and the name after it at an opening's start ("Hi Mark,", "Good morning Anna", "Bonjour
 * mon cher"): a pasted introduction swaps the name for each receiver and keeps the rest.
 */
const GREETING =
  /^[^\p{L}]*(?:hi|hello|hey|hiya|dear|good (?:morning|afternoon|evening)|bonjour|bonsoir|salut|coucou|cher|chère)(?:\s+(?:my dear|dear|mon cher|ma chère|ma belle|mon beau))?/iu
/**
 * A name just after the greeting, before a comma or an exclamation: a capital letter first (matched
 * with case, unlike the greeting); "Bonjour ! Je suis…" keeps its "Je".
 */
const NAME = /^[\s,]+\p{Lu}[\p{L}'’-]+\s*(?=[,!.])/u
/** Fewer words than this once the greeting is out: too short to be an introduction ("hey, how are you?"). */
const MIN_WORDS = 5

/**
 * The key of an opening by which the same introduction sent to many members is found (the
 * moderators' signal, the receiver's tip): a hash of its normalized text without its greeting and
 * the name in it; null for a text too short to tell ("hi", "hello there, how are you?").
 */
export function openingHash(text: string): string | null {
  const normalized = normalizeOpening(text.replace(GREETING, '').replace(NAME, ''))
  if (normalized.split(' ').length < MIN_WORDS) return null
  return createHash('sha256').update(normalized).digest('hex').slice(0, 32)
}
