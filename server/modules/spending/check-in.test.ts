import { describe, expect, it } from 'vitest'
import { DEFAULT_CHECK_IN } from '#common/spending.ts'
import { type CheckInSettings, checkInReasons } from './check-in.ts'

// Issue 54, point 4 (ADR 32): the spending patterns that show a check-in before a purchase.

const at = new Date('2031-05-14T12:00:00Z')
const ago = (ms: number, amount = 995) => ({ amount, at: new Date(at.getTime() - ms) })
const HOUR = 3_600_000
const reasons = (
  purchases: Array<{ amount: number; at: Date }>,
  settings: CheckInSettings = DEFAULT_CHECK_IN,
  zone = 'Europe/Paris',
) => checkInReasons(purchases, settings, at, zone)

describe('the check-in patterns', () => {
  it('finds none in ordinary spending', () => {
    expect(reasons([])).toEqual([])
    expect(reasons([ago(2 * HOUR, 5995), ago(30 * HOUR, 5995)])).toEqual([])
  })

  it('finds the amount of 24 hours (whole units of the setting, in cents here)', () => {
    expect(reasons([ago(2 * HOUR, 5995), ago(20 * HOUR, 5995)])).toEqual([])
    expect(reasons([ago(2 * HOUR, 5995), ago(20 * HOUR, 5995), ago(23 * HOUR, 3010)])).toEqual(['day_amount'])
    // 25 hours ago is outside the day.
    expect(reasons([ago(2 * HOUR, 5995), ago(20 * HOUR, 5995), ago(25 * HOUR, 3010)])).toEqual([])
  })

  it('finds purchases within the hour', () => {
    expect(reasons([ago(50 * 60_000), ago(20 * 60_000)])).toEqual([])
    expect(reasons([ago(50 * 60_000), ago(20 * 60_000), ago(60_000)])).toEqual(['hour_purchases'])
    expect(reasons([ago(70 * 60_000), ago(20 * 60_000), ago(60_000)])).toEqual([])
  })

  it('finds purchases after midnight on three nights of the week, in the member’s time', () => {
    // 23:30 UTC is 01:30 in Paris (summer time), 19:30 in New York.
    const nights = [1, 2, 4].map((d) => ({ amount: 995, at: new Date(Date.UTC(2031, 4, 14 - d, 23, 30)) }))
    expect(reasons(nights)).toEqual(['late_nights'])
    expect(reasons(nights, DEFAULT_CHECK_IN, 'America/New_York')).toEqual([])
    expect(reasons(nights.slice(0, 2))).toEqual([])
    // Two purchases in one night count as one night.
    expect(
      reasons([...nights.slice(0, 2), { amount: 995, at: new Date(Date.UTC(2031, 4, 13, 0, 10)) }]),
    ).toEqual([])
  })

  it('turns a pattern off with a setting of 0', () => {
    const off = { check_in_day_amount: 0, check_in_hour_purchases: 0, check_in_late_nights: 0 }
    expect(reasons([ago(1000, 100_000), ago(2000), ago(3000)], off)).toEqual([])
  })
})
