import { isValidIBAN } from 'ibantools'
import { findContactDetails } from './contact-details.ts'
import { readableText } from './readable-text.ts'

// The scam signs of a conversation's first messages (issue 38, ADR 29), besides the introduction
// pasted to many members (counted by the moderation's openings): a way to talk elsewhere, and a
// way to be paid.

/**
 * Ways to be paid that are a request by themselves (issue 60, point 3): transfer services and the
 * prepaid coupons scammers ask for, and asking for money in words, in English and French.
 */
const MONEY_REQUESTS = [
  /\b(?:transcash|neosurf|paysafe ?card|paysafecard|mandat ?cash|western ?union|money ?gram)\b/i,
  /\b(?:send (?:me )?(?:the |some )?money|envoie(?:r|z)? (?:moi )?(?:de l'|l'|de l’|l’)?argent)\b/i,
]
/**
 * Things a member may well mention (gift cards, crypto, a PC, a bank transfer): a sign only in a text
 * that also asks for something ("buy me", "send", "envoie", "j'ai besoin"…). "I build and repair PCs"
 * and "I work in crypto" ask for nothing.
 */
const MONEY_THINGS = [
  /\b(?:gift ?cards?|cartes? cadeaux?|steam ?cards?|itunes|google ?play ?cards?|amazon ?cards?)\b/i,
  /\b(?:coupons? pcs|recharges? pcs|pcs mastercard|tickets? pcs|pcs)\b/i,
  /\b(?:wire transfer|bank transfer|virement)\b/i,
  /\b(?:bitcoins?|btc|usdt|ethereum|crypto(?:monnaies?|currency)?)\b/i,
]
const ASKING =
  /\b(?:send|buy|get me|pay|lend|transfer|wire|top ?up|recharge|deposit|invest|need|help me|could you|can you|would you|envoie|envoyer|envoyez|achète|acheter|achetez|paye|payer|payez|prête|prêter|vire|virer|investis|investir|besoin|aide-moi|aidez-moi|tu peux|pourrais-tu|pourriez-vous)\b/i
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
  for (const pattern of MONEY_REQUESTS) {
    const found = text.match(pattern)
    if (found) return found[0]
  }
  if (!ASKING.test(text)) return null
  for (const pattern of MONEY_THINGS) {
    const found = text.match(pattern)
    if (found) return found[0]
  }
  return null
}

/** The scam signs of one text: what was found for each. */
export function findScamSigns(text: string): { contact: string | null; money: string | null } {
  return { contact: findContactDetails(text), money: findMoneyRequest(text) }
}
