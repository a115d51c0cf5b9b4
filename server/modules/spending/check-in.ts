import { type CheckInReason, LATE_NIGHT_END_HOUR } from '#common/spending.ts'
import { localHour } from '#server/lib/time-zone.ts'

const HOUR_MS = 60 * 60 * 1000
/** How far back the patterns look: the late nights of a week. */
export const CHECK_IN_LOOKBACK_MS = 7 * 24 * HOUR_MS

export interface CheckInSettings {
  check_in_day_amount: number
  check_in_hour_purchases: number
  check_in_late_nights: number
}

/**
 * The spending patterns the site's settings call risky (issue 54, point 4; ADR 32) in a member's
 * purchases of the last week: this much spent in 24 hours (the settings' whole units, in cents
 * here), this many purchases within the last hour, purchases between midnight and 5 a.m. (their
 * time) on this many different nights. A setting of 0 turns its pattern off.
 */
export function checkInReasons(
  purchases: ReadonlyArray<{ amount: number; at: Date }>,
  settings: CheckInSettings,
  at: Date,
  timeZone: string,
): CheckInReason[] {
  const since = (ms: number) => purchases.filter((p) => p.at.getTime() > at.getTime() - ms && p.at <= at)
  const reasons: CheckInReason[] = []
  const day = since(24 * HOUR_MS).reduce((sum, p) => sum + p.amount, 0)
  if (settings.check_in_day_amount > 0 && day >= settings.check_in_day_amount * 100)
    reasons.push('day_amount')
  if (settings.check_in_hour_purchases > 0 && since(HOUR_MS).length >= settings.check_in_hour_purchases)
    reasons.push('hour_purchases')
  const nights = new Set(
    since(CHECK_IN_LOOKBACK_MS)
      .map((p) => localHour(p.at, timeZone))
      .filter((local) => local.hour < LATE_NIGHT_END_HOUR)
      .map((local) => local.day),
  )
  if (settings.check_in_late_nights > 0 && nights.size >= settings.check_in_late_nights)
    reasons.push('late_nights')
  return reasons
}
