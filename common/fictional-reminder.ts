import { moneyOfCredits } from './credit-value.ts'
import type { PricedBundle } from './message-price.ts'

/** Where a member's spending with fictional profiles stands, as the server counts it. */
export interface FictionalSpend {
  /** Credits spent on messages, gifts and photos to fictional profiles. */
  credits: number
  /** How many times the reminder was read: one per passing of the site's amount. */
  reminded: number
  /** The site's amount, in cents of the member's currency (`fictional_spend_reminder`). */
  step: number
}

/** The reminder of what fictional profiles are, when the member's spending with them calls for it. */
export interface FictionalReminder {
  /** What they spent with fictional profiles, in cents of `currency` (at what their credits are worth). */
  spent: number
  currency: string
  /** How many times it passed the site's reminder amount: what reading it records. */
  level: number
}

/**
 * Issue 54, point 9 (ADR 32): the reminder is due when the money of what the member spent with
 * fictional profiles (at what a credit is worth to them: credit-value.ts) has passed the site's
 * amount once more since they last read it. One rule for the server (on opening a conversation,
 * on reading the reminder) and the page (the moment a message passes the amount).
 */
export function fictionalReminderOf(
  spend: FictionalSpend,
  value: PricedBundle | null | undefined,
  credits = spend.credits,
): FictionalReminder | null {
  if (spend.step <= 0 || !value) return null
  const spent = moneyOfCredits(value, credits)
  const level = Math.floor(spent / spend.step)
  return level > spend.reminded ? { spent, currency: value.currency, level } : null
}
