import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools'
import { z } from 'zod'
import { PAYMENT_METHODS } from '../payment-methods.ts'

export const PaymentMethodSchema = z.enum(PAYMENT_METHODS)

/** A credit bundle; `amount` in cents of `currency`. */
export const CreditPackage = z.object({
  id: z.number().int(),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  best_value: z.boolean(),
})
export type CreditPackage = z.infer<typeof CreditPackage>

/** GET /api/credits.php: the bundles in the member's currency and the methods for their country. */
export const CreditsResponse = z.object({
  packages: z.array(CreditPackage),
  methods: z.array(PaymentMethodSchema),
  currency: z.string(),
})
export type CreditsResponse = z.infer<typeof CreditsResponse>

/** POST /api/payment.php */
export const PaymentInput = z.object({
  package: z.number().int().positive().max(2_147_483_647),
  method: PaymentMethodSchema,
  code: z.string().trim().min(1).max(40).optional(),
  /** The member saw the spending check-in (ADR 32) and goes on. */
  checked_in: z.boolean().optional(),
})
export const PaymentCreated = z.object({ payment_id: z.string(), checkout_url: z.string() })
export type PaymentCreated = z.infer<typeof PaymentCreated>

export const PAYMENT_STATUSES = [
  'open',
  'pending',
  'paid',
  'failed',
  'canceled',
  'expired',
  'refunded',
] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** GET /api/payment.php?id: where a payment stands (spec section 3: payment_id, credits, amount). */
export const PaymentStatusResponse = z.object({
  payment_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  method: z.string(),
  package: z.number().int(),
})
export type PaymentStatusResponse = z.infer<typeof PaymentStatusResponse>
export const PaymentQuery = z.object({ id: z.string().regex(/^pay_[A-Za-z0-9]{10,40}$/) })

/** GET /api/transactions.php: every payment and credit movement of the member (the most recent 200 each). */
export const TransactionsResponse = z.object({
  payments: z.array(
    PaymentStatusResponse.extend({
      created_at: z.string(),
      /** Until when the member may withdraw from it (ADR 32); null when they cannot (any more). */
      withdraw_until: z.string().nullable(),
      /** When the member withdrew from it, if they did. */
      withdrawn_at: z.string().nullable(),
    }),
  ),
  movements: z.array(
    z.object({
      id: z.number().int(),
      delta: z.number().int(),
      balance_after: z.number().int(),
      reason: z.string(),
      created_at: z.string(),
    }),
  ),
})
export type TransactionsResponse = z.infer<typeof TransactionsResponse>

/** A payment's receipt: the payment and the company that sold it (spec section 3, company info). */
export const ReceiptResponse = z.object({
  payment: PaymentStatusResponse.extend({ created_at: z.string(), list_amount: z.number().int() }),
  company: z.object({
    name: z.string(),
    address: z.string(),
    city: z.string(),
    country: z.string(),
    kvk: z.string(),
    vat_numbers: z.array(z.string()),
  }),
  site: z.string(),
})
export type ReceiptResponse = z.infer<typeof ReceiptResponse>

/** A discount code as GET /api/discountcode.php answers it (spec section 3). */
export const DiscountCode = z.object({
  code: z.string(),
  country: z.string().nullable(),
  user_id: z.number().int().nullable(),
  expires: z.string().nullable(),
  value_percentage: z.number().int(),
  currency: z.string().nullable(),
  minimum_order_value: z.number().int().nullable(),
  status: z.string(),
  validity: z.string(),
  expired: z.boolean(),
  /**
   * Seconds left until `expires`, by the server's clock (ADR 32): a countdown counts them down, so a
   * browser whose clock is wrong shows the same deadline as every other.
   */
  expires_in: z.number().int().nullable(),
  paymentmethods: z.array(z.string()).nullable(),
})
export type DiscountCode = z.infer<typeof DiscountCode>

/** GET /api/discountcode.php: `welcome=true`, or a code with the order it is for. */
export const DiscountQuery = z.object({
  welcome: z.enum(['true']).optional(),
  code: z.string().trim().min(1).max(40).optional(),
  package: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  method: PaymentMethodSchema.optional(),
})

/** POST /api/discountcode.php: ask for an offer (the delete-account discount). */
export const DiscountOfferInput = z.object({ offer: z.literal('stay') })

/** GET /api/repeat-order.php: the last bundle bought, on the member's saved card (null without one). */
export const RepeatOffer = z.object({
  package: z.number().int(),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  method: z.string(),
  card: z.string(),
})
export type RepeatOffer = z.infer<typeof RepeatOffer>
export const RepeatOfferResponse = z.object({ offer: RepeatOffer.nullable() })

/** An IBAN as the bank prints it or typed with spaces, in electronic format, of a SEPA country. */
export const Iban = z
  .string()
  .max(50, { error: 'iban_invalid' })
  .transform((value) => electronicFormatIBAN(value) ?? '')
  .refine((value) => isValidIBAN(value) && isSEPACountry(value.slice(0, 2)), { error: 'iban_invalid' })

/** A mobile number for the SMS code: digits with an optional +, spaces, dashes and dots dropped. */
export const Phone = z
  .string()
  .max(30, { error: 'phone_invalid' })
  .transform((value) => value.replace(/[\s\-.()]/g, ''))
  .refine((value) => /^\+?[0-9]{8,15}$/.test(value), { error: 'phone_invalid' })

const required = (max: number) =>
  z.string().trim().min(1, { error: 'required' }).max(max, { error: 'too_long' })

/** POST /api/directdebit.php: spec section 3's direct-debit fields; an SMS code confirms them. */
export const DirectDebitInput = z.object({
  package: z.number().int().positive().max(2_147_483_647),
  holder: z.string().trim().min(2, { error: 'holder_invalid' }).max(70, { error: 'too_long' }),
  iban: Iban,
  street: required(100),
  house_number: required(12),
  zip: required(12),
  city: required(60),
  phone: Phone,
  /** The discount code the member applied (the time bonus, or one they typed), if any. */
  code: z.string().trim().min(1).max(40).optional(),
  /** The member saw the spending check-in (ADR 32) and goes on. */
  checked_in: z.boolean().optional(),
})
/** The fields as the server gets them: IBAN in electronic format, phone without separators. */
export type DirectDebitInput = z.output<typeof DirectDebitInput>
/** The code went out: the masked number, and what the member will pay (in cents) with the discount applied. */
export const DirectDebitRequested = z.object({
  request_id: z.string(),
  phone: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  code: z.string().nullable(),
})
export type DirectDebitRequested = z.infer<typeof DirectDebitRequested>

/** PUT /api/directdebit.php: the SMS code (otp) that confirms a direct debit. */
export const DirectDebitConfirm = z.object({
  request_id: z.string().regex(/^dd_[0-9a-f]{24}$/),
  otp: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, { error: 'otp_invalid' }),
  /** The member saw the spending check-in (ADR 32) and goes on. */
  checked_in: z.boolean().optional(),
})

/** POST /api/repeat-order.php?checked_in=true: the member saw the spending check-in (ADR 32) and goes on. */
export const RepeatOrderQuery = z.object({ checked_in: z.literal('true').optional() })

/** The payment provider's webhook: only its payment id is read (the status is asked of it). */
export const PaymentWebhookInput = z.object({ id: z.string().max(100) }).partial()

/** The console's payments (support): the latest, or those matching an id or provider reference. */
export const PaymentSearchQuery = z.object({ q: z.string().trim().max(100).optional() })
export const PaymentSearchResponse = z.object({
  payments: z.array(
    z.object({
      id: z.string(),
      provider_id: z.string().nullable(),
      user_id: z.number().int(),
      member: z.string(),
      email: z.string(),
      status: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      credits: z.number().int(),
      method: z.string(),
      created_at: z.string(),
      refunded_credits: z.number().int().nullable(),
      spent_credits: z.number().int().nullable(),
    }),
  ),
})
export const RefundInput = z.object({
  payment: z.string().trim().min(1).max(100),
  reason: z.string().trim().min(5, { error: 'reason_short' }).max(500),
})
export const RefundResponse = z.object({
  payment: z.object({
    id: z.string(),
    status: z.literal('refunded'),
    taken_back: z.number().int(),
    spent: z.number().int(),
  }),
})

/** The console's bundles and discount codes (admins). */
export const CatalogQuery = z.object({ site: z.coerce.number().int().positive().max(2_147_483_647) })
export const CatalogBundle = z.object({
  id: z.number().int(),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  active: z.boolean(),
})
export const CatalogCode = z.object({
  code: z.string(),
  value_percentage: z.number().int(),
  validity: z.string(),
  status: z.string(),
  expires: z.string().nullable(),
  currency: z.string().nullable(),
  minimum_order_value: z.number().int().nullable(),
  country: z.string().nullable(),
  uses: z.number().int(),
})
export const CatalogResponse = z.object({ bundles: z.array(CatalogBundle), codes: z.array(CatalogCode) })
export const BundleInput = z.object({
  site: z.number().int().positive().max(2_147_483_647),
  credits: z.number().int().min(1).max(100_000),
  currency: z.enum(['EUR', 'GBP', 'USD', 'CHF', 'PLN', 'CAD', 'AUD', 'NZD']),
  /** In cents. */
  amount: z.number().int().min(50).max(10_000_000),
  active: z.boolean(),
})
export const DiscountCodeInput = z.object({
  site: z.number().int().positive().max(2_147_483_647),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{3,40}$/, { error: 'code_invalid' }),
  value_percentage: z.number().int().min(1).max(90),
  validity: z.enum(['once_per_user', 'once', 'unlimited']),
  expires: z.iso.datetime({ offset: true }).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
})
export const ExpireCodeInput = z.object({ code: z.string().trim().min(1).max(40) })
