import { describe, expect, it } from 'vitest'
import { badgeText, titleWithCount } from './badge.ts'

describe('badge counts', () => {
  // spec: NAV-2
  it('show nothing at 0, the count up to 99, and 99+ at 100 or more', () => {
    expect(badgeText(0)).toBeNull()
    expect(badgeText(1)).toBe('1')
    expect(badgeText(99)).toBe('99')
    expect(badgeText(100)).toBe('99+')
    expect(badgeText(2500)).toBe('99+')
  })

  // spec: NAV-10
  it('prefix the tab title', () => {
    expect(titleWithCount('Search - LunaDate', 0)).toBe('Search - LunaDate')
    expect(titleWithCount('Search - LunaDate', 3)).toBe('(3) Search - LunaDate')
    expect(titleWithCount('Search - LunaDate', 120)).toBe('(99+) Search - LunaDate')
  })
})
