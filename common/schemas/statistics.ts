import { z } from 'zod'
import { STATS_GROUPS } from '../choices.ts'
import { Tracking } from './accounts.ts'

/** A day of this millennium (YYYY-MM-DD): reports and their arithmetic stay in four-digit years. */
export const Day = z.iso
  .date({ error: 'date_invalid' })
  .refine((day) => day >= '2000-01-01' && day <= '2999-12-31', { error: 'date_invalid' })
const Count = z.number().int()

/** The longest report: a year and a day, so that a leap year fits. */
export const STATS_MAX_DAYS = 366

/** GET /api/admin/stats.php and stats.csv: the days from `from` to `to`, both included. */
export const StatsQuery = z
  .object({
    from: Day,
    to: Day,
    by: z.enum(STATS_GROUPS).default('day'),
    site: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    /** Only members who arrived with this network ('' for those who came without one). */
    network: z.string().max(100).optional(),
  })
  .refine((q) => q.from <= q.to, { error: 'range_reversed', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < STATS_MAX_DAYS, {
    error: 'range_too_long',
    path: ['to'],
  })
export type StatsQuery = z.infer<typeof StatsQuery>

/** Money of one currency, in its cents. */
export const StatsMoney = z.object({
  currency: z.string(),
  revenue: Count,
  /** Paid back by support's refunds and by chargebacks. */
  refunded: Count,
  /** Paid back to members who withdrew from a purchase themselves (ADR 32). */
  withdrawn: Count,
  paying_members: Count,
  /** Revenue divided by the members who paid in this currency; null when nobody paid. */
  revenue_per_paying: z.number().int().nullable(),
})
export type StatsMoney = z.infer<typeof StatsMoney>

export const StatsRow = z.object({
  /** The day (YYYY-MM-DD), the site's id, or the source value ('' for none). */
  key: z.string(),
  visits: Count,
  signups: Count,
  confirmations: Count,
  first_purchases: Count,
  purchases: Count,
  paying_members: Count,
  /** Support's refunds and chargebacks. */
  refunds: Count,
  /** Purchases the members withdrew from themselves (ADR 32). */
  withdrawals: Count,
  messages_to_members: Count,
  messages_to_fictional: Count,
  answers: Count,
  /** The mean time members waited for an operator's answer, in seconds. */
  average_wait_seconds: z.number().int().nullable(),
  /** Calls real members started (issue 59), and the minutes their callers paid. */
  calls: Count,
  call_minutes: Count,
  money: z.array(StatsMoney),
})
export type StatsRow = z.infer<typeof StatsRow>

export const StatsResponse = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(STATS_GROUPS),
  rows: z.array(StatsRow),
  total: StatsRow,
})
export type StatsResponse = z.infer<typeof StatsResponse>

/** POST /api/visit.php: a browser session's first page, with the tracking it arrived with. */
export const VisitInput = Tracking

/** How a visitor left a page whose address had `lb` (spec section 2). */
export const BOUNCE_EXITS = ['signup', 'link', 'closed'] as const

/** The longest time on a page counted: an hour (a tab left open overnight is not reading). */
export const BOUNCE_MAX_SECONDS = 3600

/**
 * POST /api/page-bounce.php (a beacon): the page (its path, no query), the seconds on it and how
 * the visitor left. Member and conversation ids in the path are folded into `:id` by the server.
 */
export const PageBounceInput = z.object({
  page: z
    .string()
    .max(300)
    .regex(/^\/[^?#\s]*$/, { error: 'page_invalid' }),
  seconds: z.number().min(0).max(86_400),
  exit: z.enum(BOUNCE_EXITS),
})
export type PageBounceInput = z.infer<typeof PageBounceInput>

/** POST /api/admin/stats-refresh.php: the days to compute again (at most a year). */
export const StatsRefreshInput = z
  .object({ from: Day, to: Day })
  .refine((q) => q.from <= q.to, { error: 'range_reversed', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < STATS_MAX_DAYS, {
    error: 'range_too_long',
    path: ['to'],
  })
export const StatsRefreshResponse = z.object({ days: z.number().int() })
