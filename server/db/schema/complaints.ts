import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { profiles, users } from './members.ts'
import { sites } from './sites.ts'

/** Complaints and profile reports, kept for the moderation console. */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reportedProfileId: integer('reported_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    reason: text('reason').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('complaints_status').on(t.status, t.createdAt),
    index('complaints_profile').on(t.reportedProfileId),
  ],
)
