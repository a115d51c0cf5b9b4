import { moneyOfCredits } from '#common/credit-value.ts'
import type { PricedBundle } from '#common/message-price.ts'
import type { Db } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import { emptyLimits } from './limits.ts'
import { saveLimits, selectFictionalSpend, selectLimits } from './spending.queries.ts'

/** The reminder of what fictional profiles are, when the member's spending with them calls for it. */
export interface FictionalReminder {
  /** What they spent with fictional profiles, in cents of `currency` (at what their credits are worth). */
  spent: number
  currency: string
  /** How many times it passed the site's reminder amount: what reading it records. */
  level: number
}

/** Issue 54, point 9 (ADR 32): the reminder for spending with fictional profiles, and reading it. */
export function createFictionalReminders(db: Db, now: Clock) {
  /**
   * When the member's spending in conversations with fictional profiles (their messages' credits,
   * at what a credit is worth to them: common/credit-value.ts) has passed the site's reminder
   * amount once more since they last read the reminder, the reminder; else null.
   */
  async function fictionalReminder(
    userId: number,
    site: Site,
    value: PricedBundle | null,
  ): Promise<FictionalReminder | null> {
    const step = site.settings.fictional_spend_reminder * 100
    if (step <= 0 || !value) return null
    const [credits, row] = await Promise.all([selectFictionalSpend(db, userId), selectLimits(db, userId)])
    const spent = moneyOfCredits(value, credits)
    const level = Math.floor(spent / step)
    if (level <= (row?.fictionalReminded ?? 0)) return null
    return { spent, currency: value.currency, level }
  }

  return {
    fictionalReminder,

    /** The member read the reminder: the next shows when their spending passes the amount once more. */
    async readFictionalReminder(userId: number, site: Site, value: PricedBundle | null): Promise<void> {
      const due = await fictionalReminder(userId, site, value)
      if (!due) return
      await db.transaction(async (tx) => {
        const at = now()
        const row = (await selectLimits(tx, userId, true)) ?? emptyLimits(userId, due.currency, at)
        await saveLimits(tx, {
          ...row,
          fictionalReminded: Math.max(row.fictionalReminded, due.level),
          updatedAt: at,
        })
      })
    },
  }
}
