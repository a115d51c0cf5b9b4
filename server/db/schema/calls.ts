import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { CallEndReason } from '#common/calls.ts'
import { conversations } from './chat.ts'
import { users } from './members.ts'
import { sites } from './sites.ts'

/**
 * Voice and video calls between two real members (issue 59, ADR 37): who called whom, when it rang,
 * was answered and ended, and what it cost. Nothing of what was said or shown is kept, only this.
 * `state`: ringing, declined (the callee said no, or was in another call: the caller's ring runs on
 * the same), active, ended.
 */
export const calls = pgTable(
  'calls',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    callerUserId: integer('caller_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calleeUserId: integer('callee_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    video: boolean('video').notNull(),
    state: text('state').$type<'ringing' | 'declined' | 'active' | 'ended'>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    ringEndsAt: timestamp('ring_ends_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason').$type<CallEndReason>(),
    /** The site's price of a minute when the call started: the caller pays that for the whole call. */
    creditsPerMinute: integer('credits_per_minute').notNull(),
    minutesCharged: integer('minutes_charged').notNull().default(0),
    /** When the next started minute is charged (an active call). */
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    /** The sessions (their tokens' hashes) the members called and answered from: ending one ends the call. */
    callerSession: text('caller_session').notNull(),
    calleeSession: text('callee_session'),
  },
  (t) => [
    // One live call per member on either side: a second one of the caller is refused, of the callee silent.
    uniqueIndex('calls_live_caller').on(t.callerUserId).where(sql`state <> 'ended'`),
    index('calls_live_callee').on(t.calleeUserId).where(sql`state <> 'ended'`),
    index('calls_ringing').on(t.ringEndsAt).where(sql`state in ('ringing', 'declined')`),
    index('calls_charging').on(t.nextChargeAt).where(sql`state = 'active'`),
    index('calls_site_day').on(t.siteId, t.startedAt),
  ],
)
