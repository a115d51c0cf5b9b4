import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { ReportContext } from '#common/schemas/moderation.ts'
import { profiles, users } from './members.ts'
import { sites } from './sites.ts'
import { staff } from './staff.ts'

/**
 * Complaints and profile reports, and what moderation made of them (ADR 16): `open` in the queue,
 * `decided` with an outcome and its statement of reasons, `appealed` (back in the queue, for another
 * moderator), `closed` after the appeal's decision.
 */
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
    /** Where the case came from and what it held then (issue 56); null for the complaints form. */
    context: jsonb('context').$type<ReportContext>(),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it (re-)entered the queue: at filing, and again at an appeal. */
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    /** dismiss | warn | hide_photo | hide_text | suspend | ban */
    outcome: text('outcome'),
    /** The statement of reasons sent to both sides. */
    outcomeReason: text('outcome_reason'),
    /** The action's details: the photo hidden, the days of a suspension. */
    outcomeDetail: jsonb('outcome_detail'),
    decidedBy: integer('decided_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Who decided first: an appeal goes to someone else. */
    firstDecidedBy: integer('first_decided_by').references(() => staff.id),
    /** SHA-256 of the single-use appeal link mailed to the member concerned with the outcome. */
    appealTokenHash: text('appeal_token_hash').unique(),
    appealText: text('appeal_text'),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
  },
  (t) => [
    index('complaints_queue').on(t.queuedAt, t.id).where(sql`${t.status} in ('open', 'appealed')`),
    index('complaints_profile').on(t.reportedProfileId),
    index('complaints_created').on(t.createdAt),
  ],
)
