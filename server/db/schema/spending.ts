import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './members.ts'

/**
 * The limits a member sets on their own spending (issue 54, point 4; ADR 32). One row per member
 * who set one. A lower limit holds at once; a higher one (or none) waits 24 hours in `pendingLimit`
 * from `pendingFrom`. A break refuses every purchase until `breakUntil`.
 */
export const spendingLimits = pgTable('spending_limits', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The most the member spends in a calendar month, in cents of `currency`; null: no limit. */
  monthlyLimit: integer('monthly_limit'),
  currency: text('currency').notNull(),
  /** A raise (null: the limit removed) that holds from `pendingFrom`, 24 hours after it was asked. */
  pendingLimit: integer('pending_limit'),
  pendingCurrency: text('pending_currency'),
  pendingFrom: timestamp('pending_from', { withTimezone: true }),
  breakUntil: timestamp('break_until', { withTimezone: true }),
  /** When the member last went on past the check-in a risky pattern shows (a day's quiet after it). */
  checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
  /**
   * How many times the member's spending with fictional profiles had passed the site's reminder
   * amount when they last read the reminder (issue 54, point 9): the next shows at the next one.
   */
  fictionalReminded: integer('fictional_reminded').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})
