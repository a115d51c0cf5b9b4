// Limits a member sets on their own spending (issue 54, point 4; ADR 32): what the pages and the
// server share.

/** The breaks a member may take from purchases, in days. */
export const BREAK_DAYS = [1, 7, 30] as const

/** A higher limit (or none) holds this long after the member asked for it; a lower one at once. */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000

/** After the member goes on past a check-in, the next one waits this long. */
export const CHECK_IN_QUIET_MS = 24 * 60 * 60 * 1000

/** The highest monthly limit a member may type, in whole units of their currency. */
export const MAX_MONTHLY_LIMIT = 100_000

/** The patterns that show a check-in (the site's settings; 0 turns one off): defaults in ADR 32. */
export const DEFAULT_CHECK_IN = {
  /** Spent in the last 24 hours, in whole units of the member's currency. */
  check_in_day_amount: 150,
  /** Purchases within the last hour. */
  check_in_hour_purchases: 3,
  /** Nights of the last 7 with a purchase between midnight and 5 a.m., the member's time. */
  check_in_late_nights: 3,
} as const

/** Why a check-in shows: one entry per pattern found. */
const CHECK_IN_REASONS = ['day_amount', 'hour_purchases', 'late_nights'] as const
export type CheckInReason = (typeof CHECK_IN_REASONS)[number]

/** The hours (member's time) a late-night purchase falls in: from midnight to 5 a.m. */
export const LATE_NIGHT_END_HOUR = 5

/**
 * Spending in conversations with fictional profiles that brings a reminder of what they are, with
 * the limit and the break offered (issue 54, point 9): at each further this much, in whole units of
 * the member's currency (the site's setting; 0: never).
 */
export const DEFAULT_FICTIONAL_SPEND_REMINDER = 100
