import { describe, expect, it } from 'vitest'
import { dayBounds, timeZoneOf } from './time-zone.ts'

describe('days in a member time zone', () => {
  it('start at local midnight', () => {
    const { start, next } = dayBounds(new Date('2026-11-22T22:30:00Z'), 'Europe/Amsterdam')
    // 23:30 in Amsterdam (UTC+1): the next day starts half an hour later.
    expect(start.toISOString()).toBe('2026-11-21T23:00:00.000Z')
    expect(next.toISOString()).toBe('2026-11-22T23:00:00.000Z')
  })

  it('are 23 hours long when the clocks go forward', () => {
    const { start, next } = dayBounds(new Date('2026-03-29T12:00:00Z'), 'Europe/Paris')
    expect(start.toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(next.toISOString()).toBe('2026-03-29T22:00:00.000Z')
  })

  it('follow the member, then their country, then UTC', () => {
    expect(timeZoneOf('America/Chicago', 'NL')).toBe('America/Chicago')
    expect(timeZoneOf('Not/AZone', 'NL')).toBe('Europe/Amsterdam')
    expect(timeZoneOf(null, 'ZZ')).toBe('UTC')
    expect(dayBounds(new Date('2026-11-22T03:00:00Z'), 'America/Chicago').start.toISOString()).toBe(
      '2026-11-21T06:00:00.000Z',
    )
  })
})
