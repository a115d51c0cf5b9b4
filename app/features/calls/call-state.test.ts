import { describe, expect, it } from 'vitest'
import { callTime, secondsLeft } from './call-state.ts'

describe('secondsLeft', () => {
  const meter = { since: 0, minutes: 2, creditsPerMinute: 15, balance: 10 }
  it('counts down to the end of the last paid minute when the next is not covered', () => {
    expect(secondsLeft(meter, 100_000)).toBe(20)
    expect(secondsLeft(meter, 130_000)).toBe(0)
  })
  it('is null while the next minute is covered, on the callee side, and for free calls', () => {
    expect(secondsLeft({ ...meter, balance: 15 }, 100_000)).toBeNull()
    expect(secondsLeft({ ...meter, balance: null }, 100_000)).toBeNull()
    expect(secondsLeft({ ...meter, creditsPerMinute: 0, balance: 0 }, 100_000)).toBeNull()
  })
})

describe('callTime', () => {
  it('reads minutes and seconds', () => {
    expect(callTime(0)).toBe('0:00')
    expect(callTime(61_500)).toBe('1:01')
    expect(callTime(3_600_000)).toBe('60:00')
  })
})
