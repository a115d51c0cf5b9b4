import { isValidIBAN } from 'ibantools'
import { findContactDetails } from './contact-details.ts'
import { readableText } from './readable-text.ts'

// The scam signs of a conversation's first messages (issue 38, ADR 29), besides the introduction
// pasted to many members (counted by the moderation's openings): a way to talk elsewhere, and a
// way to be paid.

/**
 * Ways to be paid that are a request by themselves (issue 60, point 3): transfer services and the
 * prepaid coupons scammers ask for, asking for money in words, a bank card's number or code asked
 * for, a parcel to forward, and the promises of investment scams, in English and French.
 */
const MONEY_REQUESTS = [
  /\b(?:transcash|neosurf|paysafe ?card|paysafecard|mandat ?cash|western ?union|money ?gram)\b/i,
  /\b(?:send (?:me )?(?:the |some )?money|envoie(?:-moi|z-moi)? (?:juste )?(?:de l'|l'|de l’|l’)argent|(?:m'|me )?envoy(?:er|ez) (?:un peu )?(?:de l'|l'|de l’|l’|d'|d’)argent)\b/i,
  /\b(?:your (?:bank |credit )?card(?:'s)? number|ton num[ée]ro de carte|num[ée]ro de ta carte|code (?:on the back|au dos)|back of the (?:gift )?card|scratch the card|gratte la carte)\b/i,
  /\b(?:receive a (?:package|parcel) for me|recevoir un colis pour moi)\b/i,
  /\b(?:investment platform|plateforme d'investissement|plateforme d’investissement|guaranteed \d+ ?(?:%|percent)|\d+ ?(?:%|percent|pour ?cent) (?:a|per|par) (?:month|week|mois|semaine)(?: garantis?)?|doubled? (?:my|your|ton|ta) (?:money|mise|argent)|doublé ma mise|make you rich|te rendre riche|withdrawal fee|frais de retrait|share of the profits|part des bénéfices)/i,
  /\b(?:use yours to receive|utiliser le tien pour recevoir|just a small amount|juste un petit montant)\b/i,
]
/**
 * Things a member may well mention (gift cards, crypto, a PC, a bank transfer, a payment app): a
 * sign only in a text that also asks for something ("buy me", "send", "envoie", "j'ai besoin"…) or
 * hands out a way to talk elsewhere. "I build and repair PCs" and "I work in crypto" ask for nothing.
 */
const MONEY_THINGS = [
  /\b(?:gift ?cards?|cartes? cadeaux?|cartes? (?:steam|google play|itunes|amazon|apple)|steam ?cards?|itunes|google ?play ?cards?|amazon ?cards?|apple gift cards?)\b/i,
  /\b(?:coupons? pcs|recharges? pcs|pcs mastercard|tickets? pcs|pcs)\b/i,
  /\b(?:wire transfer|bank transfer|virement)\b/i,
  /\b(?:bitcoins?|btc|usdt|ethereum|crypto(?:monnaies?|currency)?)\b/i,
]
const ASKING =
  /\b(?:send|buy|get me|pay|lend|transfer|wire|top ?up|recharge|deposit|invest|need|help me|could you|can you|would you|envoie|envoyer|envoyez|achète|acheter|achetez|paye|payer|payez|prête|prêter|vire|virer|investis|investir|dépose|déposer|besoin|aide-moi|aidez-moi|tu peux|pourrais-tu|pourriez-vous)\b/i
/** A payment app, a request once it is "mine" or asked for ("PayPal me 20", "mon Lydia", "send me a Tikkie"). */
const PAYMENT_APP = /\b(?:paypal|cash ?app|venmo|revolut|tikkie|lydia|paylib|zelle|wero)\b/i
const PAYMENT_APP_MINE =
  /\b(?:my|mon|sur mon|on my) (?:paypal|cash ?app|venmo|revolut|tikkie|lydia|paylib|zelle|wero)\b|\b(?:paypal|cash ?app|venmo|revolut|tikkie|lydia|paylib|zelle|wero) me\b/i
/** Asking the reader for something (not "I'll pay for dinner"): a request made to them, or a need. */
const ASKS_THE_READER =
  /(?<!\p{L})(?:can you|could you|would you|will you|help me|please help|help a|lend me|loan me|send me|send the|send some|buy me|pay (?:for )?my|pay the|you (?:have|need) to pay|top up my|wire me|transfer the|i need|i'm short|i am short|if you love me|just send|please|tu peux|tu pourrais|pourrais-tu|peux-tu|tu voudrais|aide-moi|aidez-moi|m'aider|m’aider|prête-moi|me prêter|me dépanner|envoie-moi|envoie|achète-moi|paie|payer mon|payer ma|tu dois payer|recharger mon|me virer|vire|j'ai besoin|j’ai besoin|il me manque|faut que tu|si tu m'aimes|si tu m’aimes|m'aideras|confie-moi|s'il te plaît|s’il te plaît|stp)(?!\p{L})/iu
/** What the request is for: money, an amount, or what scammers say it pays for. */
const MONEY_OBJECT =
  /(?<!\p{L})(?:money|cash|funds|argent|liquide|fonds|(?:€|\$|£) ?\d+|(?:(?<!\d)|(?<=\p{L}\d))\d+ ?(?:€|\$|£|euros?|eur|dollars?|quid|pounds?|usdt|btc)|(?:need|besoin de|manque|short|lend me|prêter|confie-moi) \d{2,}|fees?|frais|bill|facture|rent|loyer|tickets?|billets?|visa|treatment|traitement|hospital|hôpital|operation|opération|petrol|essence|taxi|flight|vol|plane|avion|customs|douane|lawyer|avocat|payment|paiement|électricité|electricity|small amount|petit montant|transfer|virement)(?!\p{L})/iu

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
  const app = text.match(PAYMENT_APP_MINE)
  if (app) return app[0]
  const asks = ASKS_THE_READER.test(text)
  if (asks) {
    const object = text.match(MONEY_OBJECT)
    if (object) return object[0]
    const named = text.match(PAYMENT_APP)
    if (named) return named[0]
  }
  if (!asks && !ASKING.test(text) && findContactDetails(text) === null) return null
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
