import { describe, expect, it } from 'vitest'
import { consoleTime } from './console-time.tsx'

describe('consoleTime', () => {
  const at = '2026-12-02T18:36:12.345Z'
  it('reads a moment in UTC to the minute, to the second, or as month, day and time', () => {
    expect(consoleTime(at)).toBe('2026-12-02 18:36')
    expect(consoleTime(at, 'second')).toBe('2026-12-02 18:36:12')
    expect(consoleTime(at, 'short')).toBe('12-02 18:36')
  })
  it('reads none as a dash', () => {
    expect(consoleTime(null)).toBe('—')
    expect(consoleTime(undefined, 'short')).toBe('—')
  })
})
