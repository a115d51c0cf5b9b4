import { describe, expect, it } from 'vitest'
import { cleanPhone } from './clean-phone.ts'
import { formatBadgeCount } from './format-badge-count.ts'

describe('formatBadgeCount', () => {
  // spec: NAV-2
  it('shows the count up to 99 and 99+ from 100', () => {
    expect(formatBadgeCount(0)).toBe('0')
    expect(formatBadgeCount(99)).toBe('99')
    expect(formatBadgeCount(100)).toBe('99+')
  })
})

describe('cleanPhone', () => {
  // spec: VAL-13
  it('removes dashes and spaces', () => {
    expect(cleanPhone('+31 20-808 4410')).toBe('+31208084410')
  })
})
