import { describe, expect, it } from 'vitest'
import { creditsBadge } from './credits-badge.ts'

describe('the credits badge', () => {
  // spec: NAV-4
  it('shows at 10 or fewer credits: a warning above 0, danger at 0, nothing above 10', () => {
    expect(creditsBadge(11)).toBeNull()
    expect(creditsBadge(250)).toBeNull()
    expect(creditsBadge(10)).toBe('warning')
    expect(creditsBadge(1)).toBe('warning')
    expect(creditsBadge(0)).toBe('danger')
  })
})
