import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './members.ts'
import { sites } from './sites.ts'

/** The credit bundles a site sells, per currency. */
export const creditPackages = pgTable(
  'credit_packages',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    credits: integer('credits').notNull(),
    /** Price in cents of the currency. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    position: smallint('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('credit_packages_site_currency_credits').on(t.siteId, t.currency, t.credits)],
)

/**
 * A purchase of a bundle. `id` is ours (the payment_id the app shows), `providerId` the PSP's.
 * `creditedAt` is set once, in the transaction that grants the credits.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => creditPackages.id),
    credits: integer('credits').notNull(),
    /** What the member pays, in cents, after any discount. */
    amount: integer('amount').notNull(),
    /** The bundle's price before any discount. */
    listAmount: integer('list_amount').notNull(),
    currency: text('currency').notNull(),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    providerId: text('provider_id'),
    checkoutUrl: text('checkout_url'),
    /** open, pending, paid, failed, canceled, expired. */
    status: text('status').notNull().default('open'),
    discountCode: text('discount_code'),
    discountPercentage: smallint('discount_percentage'),
    /** oneoff; first (a card payment that saves the card); recurring (charged on a stored mandate). */
    sequence: text('sequence').notNull().default('oneoff'),
    /** The provider's mandate a recurring payment was charged on. */
    mandateId: text('mandate_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** A refund or a chargeback (ADR 17): when, the provider's refund id, the credits taken back and those already spent. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundId: text('refund_id'),
    refundedCredits: integer('refunded_credits'),
    spentCredits: integer('spent_credits'),
    /** What was paid back, in cents (a refund's or a withdrawal's part of `amount`). */
    refundAmount: integer('refund_amount'),
    /**
     * The member withdrew from the purchase themselves (Article 11a of the Consumer Rights Directive,
     * ADR 32), as opposed to a refund support made: when they confirmed it.
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /**
     * The member deleted their account and took the refund of this purchase's unused credits with
     * it (ADR 32): when. Like a withdrawal, the refund id follows once the provider answers.
     */
    closingRefundAt: timestamp('closing_refund_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_user_recent').on(t.userId, t.createdAt.desc()),
    // The daily figures read a day's purchases and refunds (ADR 18).
    index('payments_credited').on(t.creditedAt).where(sql`${t.creditedAt} is not null`),
    index('payments_refunded').on(t.refundedAt).where(sql`${t.refundedAt} is not null`),
    uniqueIndex('payments_provider_id').on(t.provider, t.providerId).where(sql`${t.providerId} is not null`),
  ],
)

/** A member's customer record at a provider: saved cards and SEPA mandates belong to it. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
)

/**
 * A reusable authorisation at the provider: a card saved by a first payment (`card`), or a SEPA
 * direct debit mandate (`directdebit`). `label` is what the member may see (•••• 4242, NL** … 1234);
 * `ibanHash` lets a returned debit block the account whoever uses it next.
 */
export const paymentMandates = pgTable(
  'payment_mandates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    mandateId: text('mandate_id').notNull(),
    kind: text('kind').notNull(),
    /** The method of spec section 3 it was made with (visa, creditcard, sdd …). */
    method: text('method').notNull(),
    label: text('label').notNull(),
    ibanHash: text('iban_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_mandates_provider_mandate').on(t.provider, t.mandateId),
    index('payment_mandates_user').on(t.userId, t.createdAt.desc()),
    index('payment_mandates_iban').on(t.ibanHash),
  ],
)

/**
 * A SEPA direct debit waiting for the SMS code that confirms it (spec section 3's direct-debit
 * fields). The account details are cleared once it is confirmed; the mandate holds them then.
 */
export const directDebitRequests = pgTable(
  'direct_debit_requests',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => creditPackages.id),
    holder: text('holder'),
    iban: text('iban'),
    street: text('street'),
    houseNumber: text('house_number'),
    zip: text('zip'),
    city: text('city'),
    phone: text('phone').notNull(),
    /** The discount the member had applied when asking (the time bonus, a code), checked again on confirming. */
    discountCode: text('discount_code'),
    /** What the code's form told the member the debit would be, in cents: confirming charges that or nothing. */
    amount: integer('amount'),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    paymentId: text('payment_id').references(() => payments.id),
  },
  (t) => [
    index('direct_debit_requests_user').on(t.userId, t.createdAt.desc()),
    // Codes sent to one number, whoever asked: its own limits (issue 36, point 8).
    index('direct_debit_requests_phone').on(t.phone, t.createdAt.desc()),
  ],
)

/** The sandbox PSP's customers and their mandates (saved cards, SEPA mandates). */
export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const sandboxMandates = pgTable('sandbox_mandates', {
  id: text('id').primaryKey(),
  customerId: text('customer_id')
    .notNull()
    .references(() => sandboxCustomers.id),
  /** creditcard or directdebit. */
  method: text('method').notNull(),
  /** Last four digits of the card or the account. */
  last4: text('last4').notNull(),
  consumerName: text('consumer_name'),
  /** A test card that is saved but declines later charges (4000 0000 0000 0341). */
  declines: boolean('declines').notNull().default(false),
  status: text('status').notNull().default('valid'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The sandbox PSP's own records (a payment service provider inside the app). */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  method: text('method').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  /** open until the payer acts; then pending, which becomes paid once `settlesAt` passes. */
  status: text('status').notNull().default('open'),
  settlesAt: timestamp('settles_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  customerId: text('customer_id'),
  /** oneoff, first (the card is saved once paid) or recurring (charged on `mandateId`). */
  sequenceType: text('sequence_type').notNull().default('oneoff'),
  mandateId: text('mandate_id'),
  /** What the sandbox refunded of it, in cents. */
  refundedAmount: integer('refunded_amount').notNull().default(0),
  /** The payer's bank took it back (a chargeback, a returned direct debit). */
  chargedBackAt: timestamp('charged_back_at', { withTimezone: true }),
})

/**
 * The sandbox PSP's refunds: one per idempotency key, as Mollie keeps them (a refund asked again with
 * the same key, after a timeout, answers the refund it made instead of paying twice).
 */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  amount: integer('amount').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Discount codes (spec section 3): optionally for one site, country or member, until an expiry, a
 * percentage off, in one currency above a minimum order, for some payment methods.
 */
export const discountCodes = pgTable('discount_codes', {
  code: text('code').primaryKey(),
  siteId: integer('site_id').references(() => sites.id),
  country: text('country'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expires: timestamp('expires', { withTimezone: true }),
  valuePercentage: smallint('value_percentage').notNull(),
  currency: text('currency'),
  /** In cents of `currency`. */
  minimumOrderValue: integer('minimum_order_value'),
  /** active or inactive. */
  status: text('status').notNull().default('active'),
  /** once_per_user, once (one member in all) or unlimited. */
  validity: text('validity').notNull().default('once_per_user'),
  paymentMethods: text('payment_methods').array(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Who holds or used which code. A single-use code is reserved when its payment is made (the keys
 * below refuse a second holder), released when that payment fails, is cancelled or expires, and
 * used when it is paid (ADR 13).
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    code: text('code')
      .notNull()
      .references(() => discountCodes.code),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    /** reserved while its payment is under way, used once it is paid. */
    status: text('status').notNull().default('used'),
    /** The code itself for a code one member in all may use (validity once): one holder at a time. */
    onceKey: text('once_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.code, t.userId] }), index('discount_redemptions_payment').on(t.paymentId)],
)
