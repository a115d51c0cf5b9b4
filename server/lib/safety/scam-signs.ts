import { isValidIBAN } from 'ibantools'
import { findContactDetails } from './contact-details.ts'
import { readableText } from './readable-text.ts'

// The scam signs of a conversation's first messages (issue 38, ADR 29), besides the introduction
// pasted to many members (counted by the moderation's openings): a way to talk elsewhere, and a
// way to be paid.

/** Gift cards, transfer services and payment words, in English and French. */
const MONEY_WORDS = [
  /\b(?:gift ?cards?|cartes? cadeaux?|steam ?cards?|itunes|google ?play ?cards?|amazon ?cards?)\b/i,
  /\b(?:pcs|transcash|neosurf|paysafe ?card|paysafecard|mandat ?cash)\b/i,
  /\b(?:western ?union|money ?gram|wire transfer|virement|send (?:me )?(?:the )?money|envoie(?:r|z)? (?:moi )?(?:de l'|l')?argent)\b/i,
  /\b(?:bitcoins?|btc|usdt|ethereum|crypto(?:monnaies?|currency)?)\b/i,
]
/** A Bitcoin or Ethereum address. */
const CRYPTO_ADDRESS = /\b(?:bc1[a-z0-9]{25,60}|[13][a-km-zA-HJ-NP-Z1-9]{25,34}|0x[0-9a-fA-F]{40})\b/
/** Something shaped like an IBAN: two letters, two digits, then 11 to 30 letters and digits. */
const IBAN_SHAPE = /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}\b/gi

/** A way to be paid in a text (an IBAN, a crypto address, gift cards, a transfer service), or null. */
export function findMoneyRequest(written: string): string | null {
  // Read with the tricks that hide it undone (issue 60, point 4): full-width forms, look-alikes.
  const text = readableText(written)
  for (const candidate of text.match(IBAN_SHAPE) ?? []) {
    // The shape may take the next words along: the longest valid start is the account.
    const compact = candidate.replace(/ /g, '').toUpperCase()
    for (let length = Math.min(34, compact.length); length >= 15; length--)
      if (isValidIBAN(compact.slice(0, length))) return compact.slice(0, length)
  }
  const address = text.match(CRYPTO_ADDRESS)
  if (address) return address[0]
  for (const pattern of MONEY_WORDS) {
    const found = text.match(pattern)
    if (found) return found[0]
  }
  return null
}

/** The scam signs of one text: what was found for each. */
export function findScamSigns(text: string): { contact: string | null; money: string | null } {
  return { contact: findContactDetails(text), money: findMoneyRequest(text) }
}
