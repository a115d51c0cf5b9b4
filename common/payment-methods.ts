/** The payment methods of spec section 3. */
export const PAYMENT_METHODS = [
  'sdd',
  'prezelewy24',
  'blik',
  'sct',
  'giropay',
  'mastercard',
  'visa',
  'creditcard',
  'cartebancaire',
  'nexi',
  'ideal',
  'bancontact',
  'applepay',
  'paysafecard',
  'maestro',
  'paypal',
  'sofort',
  'eps',
] as const
type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value)
}

/** Methods local to a country, offered first there. */
const LOCAL: Record<string, PaymentMethod[]> = {
  NL: ['ideal'],
  BE: ['bancontact'],
  AT: ['eps', 'sofort'],
  PL: ['prezelewy24', 'blik'],
  FR: ['cartebancaire'],
  DE: ['giropay', 'sofort'],
  IT: ['nexi'],
}

/** Methods that work everywhere. */
const EVERYWHERE: PaymentMethod[] = ['creditcard', 'paypal', 'applepay', 'paysafecard']

/** The checkout methods that fit a member's country, local ones first (direct debit has its own page). */
export function methodsFor(country: string | null | undefined): PaymentMethod[] {
  return [...((country && LOCAL[country]) || []), ...EVERYWHERE]
}

/** Card methods: a first payment with one saves the card for one-click purchases (/credits/repeat-order). */
export const CARD_METHODS: ReadonlySet<string> = new Set([
  'creditcard',
  'visa',
  'mastercard',
  'maestro',
  'cartebancaire',
  'nexi',
])
