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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_user_recent').on(t.userId, t.createdAt.desc()),
    uniqueIndex('payments_provider_id').on(t.provider, t.providerId).where(sql`${t.providerId} is not null`),
  ],
)

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

/** Who used which code, written when the discounted payment is paid. */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.code, t.userId] })],
)
