import {
  type FictionalReminder,
  type FictionalSpend,
  fictionalReminderOf,
} from '#common/fictional-reminder.ts'
import type { PricedBundle } from '#common/message-price.ts'
import type { Db } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import { emptyLimits } from './limits.ts'
import { saveLimits, selectFictionalSpend, selectLimits } from './spending.queries.ts'

/** Issue 54, point 9 (ADR 32): the reminder for spending with fictional profiles, and reading it. */
export function createFictionalReminders(db: Db, now: Clock) {
  /** Where the member's spending with fictional profiles stands; null when the site sets no amount. */
  async function fictionalSpend(userId: number, site: Site): Promise<FictionalSpend | null> {
    const step = site.settings.fictional_spend_reminder * 100
    if (step <= 0) return null
    const [credits, row] = await Promise.all([selectFictionalSpend(db, userId), selectLimits(db, userId)])
    return { credits, reminded: row?.fictionalReminded ?? 0, step }
  }

  /** The reminder when it is due now (common/fictional-reminder.ts); else null. */
  async function fictionalReminder(
    userId: number,
    site: Site,
    value: PricedBundle | null,
  ): Promise<FictionalReminder | null> {
    if (!value) return null
    const spend = await fictionalSpend(userId, site)
    return spend ? fictionalReminderOf(spend, value) : null
  }

  return {
    fictionalSpend,
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
