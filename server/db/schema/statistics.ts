import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { sites } from './sites.ts'

/**
 * The console's daily figures (ADR 18), per UTC day, site and traffic source (the network, ref and
 * sub1-3 a member arrived with; '' when there was none). A report over a year reads these, never
 * the messages or the members.
 */
const source = {
  day: date('day', { mode: 'string' }).notNull(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  network: text('network').notNull().default(''),
  ref: text('ref').notNull().default(''),
  sub1: text('sub1').notNull().default(''),
  sub2: text('sub2').notNull().default(''),
  sub3: text('sub3').notNull().default(''),
}

/**
 * What the members and payments tables say of a day, computed again from them for the days that
 * may still change (today and yesterday) and on demand. Counts sit on the row of currency ''; money
 * on the rows of its currency (cents).
 */
export const statsDays = pgTable(
  'stats_days',
  {
    ...source,
    currency: text('currency').notNull().default(''),
    signups: integer('signups').notNull().default(0),
    confirmations: integer('confirmations').notNull().default(0),
    firstPurchases: integer('first_purchases').notNull().default(0),
    payingMembers: integer('paying_members').notNull().default(0),
    purchases: integer('purchases').notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    refunds: integer('refunds').notNull().default(0),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    /** Purchases the member withdrew from (ADR 32), apart from support's refunds and chargebacks. */
    withdrawals: integer('withdrawals').notNull().default(0),
    withdrawn: bigint('withdrawn', { mode: 'number' }).notNull().default(0),
    answers: integer('answers').notNull().default(0),
    answerWaitSeconds: bigint('answer_wait_seconds', { mode: 'number' }).notNull().default(0),
    /** Calls the site's real members started (issue 59), by the day they rang, and the minutes paid. */
    calls: integer('calls').notNull().default(0),
    callMinutes: integer('call_minutes').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_days_pk',
      columns: [t.day, t.siteId, t.network, t.ref, t.sub1, t.sub2, t.sub3, t.currency],
    }),
  ],
)

/** Members' messages, counted once each as the roll-up passes them (its place: `stats_rollups`). */
export const statsMessageDays = pgTable(
  'stats_message_days',
  {
    ...source,
    toMembers: integer('to_members').notNull().default(0),
    toFictional: integer('to_fictional').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_message_days_pk',
      columns: [t.day, t.siteId, t.network, t.ref, t.sub1, t.sub2, t.sub3],
    }),
  ],
)

/** Visits: one per browser session, counted as it happens (no table of single visits is kept). */
export const statsVisitDays = pgTable(
  'stats_visit_days',
  {
    ...source,
    visits: integer('visits').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'stats_visit_days_pk',
      columns: [t.day, t.siteId, t.network, t.ref, t.sub1, t.sub2, t.sub3],
    }),
  ],
)

/** How far a roll-up has read its source table (the last message id counted). */
export const statsRollups = pgTable('stats_rollups', {
  name: text('name').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
})

/**
 * Page bounces (spec section 2's `lb`, issue 19): per UTC day, site, page (member ids folded into
 * `:id`) and how the visitor left it (signup, link, closed), how many left so and their time on
 * the page in all. Nothing of the visitor is kept: no address, no session.
 */
export const statsBounceDays = pgTable(
  'stats_bounce_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    page: text('page').notNull(),
    exit: text('exit').notNull(),
    visits: integer('visits').notNull().default(0),
    seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stats_bounce_days_pk', columns: [t.day, t.siteId, t.page, t.exit] })],
)

/**
 * The safety rules' counts per UTC day and site (issue 38): nudges asked and how members answered
 * them (edited, sent anyway), reports made from a nudge, explicit photos blurred. SAFETY_EVENTS.
 */
export const safetyDays = pgTable(
  'safety_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    event: text('event').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'safety_days_pk', columns: [t.day, t.siteId, t.event] })],
)
