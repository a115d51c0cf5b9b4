import { bigserial, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './members.ts'
import { sites } from './sites.ts'
import { staff } from './staff.ts'

/**
 * The operators' inbox (ADR 17): a conversation of a member with a fictional profile while the
 * member waits for an answer. chat_send writes the row when the member writes (keeping the earliest
 * unanswered time) and removes it when the fictional profile answers, in the send's transaction.
 * An operator's claim is a lock with a time limit.
 */
export const operatorQueue = pgTable(
  'operator_queue',
  {
    conversationId: integer('conversation_id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    memberUserId: integer('member_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fictionalUserId: integer('fictional_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    waitingSince: timestamp('waiting_since', { withTimezone: true }).notNull(),
    claimedBy: integer('claimed_by').references(() => staff.id),
    claimExpiresAt: timestamp('claim_expires_at', { withTimezone: true }),
    /**
     * The member asked whether the profile is real, a bot, staff, or can meet (issue 54, point 8;
     * ADR 32): the answer carries the site's disclosure, which the server adds when it is missing.
     */
    askedRealAt: timestamp('asked_real_at', { withTimezone: true }),
  },
  (t) => [
    index('operator_queue_waiting').on(t.waitingSince, t.conversationId),
    index('operator_queue_site_waiting').on(t.siteId, t.waitingSince),
  ],
)

/** What operators share about a member ("has a dog, works nights"), for whoever answers next. */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: serial('id').primaryKey(),
    memberUserId: integer('member_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('member_notes_member').on(t.memberUserId, t.createdAt)],
)

/** Each answer an operator gave, with how long the member had waited: the operators' figures. */
export const operatorAnswers = pgTable(
  'operator_answers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    conversationId: integer('conversation_id').notNull(),
    waitedSeconds: integer('waited_seconds').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('operator_answers_staff').on(t.staffId, t.answeredAt),
    index('operator_answers_answered').on(t.answeredAt),
  ],
)
