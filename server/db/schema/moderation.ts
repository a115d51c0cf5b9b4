import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './members.ts'
import { sites } from './sites.ts'
import { staff } from './staff.ts'

/**
 * Sign-ups refused before any account exists (ADR 16): an e-mail address, a whole mail domain, or an
 * address range (CIDR). `site_id` null bans on every site.
 */
export const bans = pgTable(
  'bans',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').references(() => sites.id),
    /** email | domain | ip */
    kind: text('kind').notNull(),
    /** lower-case address or domain; for ip, the CIDR as PostgreSQL writes it */
    value: text('value').notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('bans_kind_value').on(t.kind, t.value, sql`coalesce(${t.siteId}, 0)`)],
)

/**
 * What puts a member in the moderators' queue without a report: many sign-ups from one address, the
 * same first message to many members, links or phone numbers in a first message. One open signal
 * per member and kind.
 */
export const memberSignals = pgTable(
  'member_signals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** signup_burst | repeated_first_message | contact_in_first_message */
    kind: text('kind').notNull(),
    detail: jsonb('detail').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => staff.id),
  },
  (t) => [
    uniqueIndex('member_signals_open').on(t.userId, t.kind).where(sql`${t.reviewedAt} is null`),
    index('member_signals_queue').on(t.createdAt, t.id).where(sql`${t.reviewedAt} is null`),
    // A member's signals, looked at or not: whether a sign-up burst has flagged them before.
    index('member_signals_member').on(t.userId, t.kind),
  ],
)

/**
 * The first message of each conversation a member opened, by a hash of its text: the same opening
 * sent to many members within a day is a signal (spam, scams). Kept a few days (a job forgets them).
 */
export const openingMessages = pgTable(
  'opening_messages',
  {
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    textHash: text('text_hash').notNull(),
    conversationId: integer('conversation_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.senderUserId, t.textHash, t.conversationId] }),
    index('opening_messages_created').on(t.createdAt),
  ],
)
