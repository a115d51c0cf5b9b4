import { describe, expect, it } from 'vitest'
import { countdownText } from './countdown.ts'

describe('time bonus countdown', () => {
  // spec: STATE-6
  it('shows hours:minutes:seconds, never below zero', () => {
    expect(countdownText(14_400_000)).toBe('4:00:00')
    expect(countdownText(14_399_000)).toBe('3:59:59')
    expect(countdownText(61_500)).toBe('0:01:01')
    expect(countdownText(-5)).toBe('0:00:00')
  })
})
