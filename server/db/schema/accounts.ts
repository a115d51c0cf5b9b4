import { sql } from 'drizzle-orm'
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import { users } from './members.ts'
import { sites } from './sites.ts'

/** Login sessions; only a SHA-256 hash of the cookie's token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user').on(t.userId)],
)

/** Single-use links sent by mail (activation, password reset, email change, undo deletion). */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    newEmail: text('new_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_tokens_user_purpose').on(t.userId, t.purpose, t.createdAt)],
)

/** Failed logins per account and per address, for the temporary block. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
})

/**
 * Requests counted per rate-limit key (a route and a client) in a window, shared by every app node
 * when there is no Redis (server/lib/rate-limit-store.ts); rows past their window are purged.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
})

/** Append-only record of every change of a member's credits. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user').on(t.userId, t.createdAt),
    unique('credit_ledger_once').on(t.userId, t.reason, t.reference),
  ],
)

/** Mails written in the same transaction as what caused them; delivered by SMTP when configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').references(() => sites.id),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on notification mails, ADR 19). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** After a failed attempt, not tried again before this moment (the backoff, ADR 22). */
    retryAt: timestamp('retry_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_pending').on(t.createdAt).where(sql`${t.sentAt} is null`),
    // Member support reads the mails sent to an address.
    index('mail_outbox_to').on(t.toAddress, t.id),
  ],
)

/**
 * Text messages (SMS), beside the mails: written in the transaction that makes them, delivered from
 * here by the SMS provider when one is configured (Twilio), kept here otherwise (/dev/mailbox).
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').references(() => sites.id),
    toPhone: text('to_phone').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The provider's id of the message (Twilio's SM… sid). */
    providerId: text('provider_id'),
  },
  (t) => [index('sms_outbox_pending').on(t.id).where(sql`${t.sentAt} is null`)],
)

/** Web Push subscriptions of members' browsers (one per endpoint). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user').on(t.userId)],
)

/**
 * A member's request for all their data (GDPR access, ADR 16): written when asked, prepared by a job
 * into a zip under DATA_DIR/exports, offered by a mailed link that expires.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'member', or 'staff:{id}' when support started it for the member. */
    requestedBy: text('requested_by').notNull(),
    /** pending | ready | expired */
    status: text('status').notNull().default('pending'),
    tokenHash: text('token_hash').unique(),
    file: text('file'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_pending').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('data_exports_user').on(t.userId, t.createdAt),
  ],
)
