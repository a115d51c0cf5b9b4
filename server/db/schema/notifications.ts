import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './members.ts'

/**
 * Every notification sent, by its once-only key (ADR 19): `message:{conversation}:{last read}` for
 * a conversation's mail until the member reads it, and so on. Writing the key and the mail in one
 * transaction makes a notification go out at most once, whichever node or retry runs the job.
 */
export const notificationLog = pgTable(
  'notification_log',
  {
    key: text('key').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('notification_log_user').on(t.userId, t.sentAt)],
)

/** Mail provider events already handled (a webhook retried or replayed changes nothing twice). */
export const mailEvents = pgTable('mail_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  event: text('event').notNull(),
  recipient: text('recipient').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
})
