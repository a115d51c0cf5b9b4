import { describe, expect, it } from 'vitest'
import { searchVisible } from './search-visibility.ts'

const base = {
  loggedIn: false,
  loggedOutSearch: 'none',
  loggedOutSearchTrafficsource: 'none',
  hasTrafficSource: false,
} as const

describe('searchVisible', () => {
  // spec: VAL-10
  it('is always visible to members', () => {
    expect(searchVisible({ ...base, loggedIn: true })).toBe(true)
  })
  // spec: VAL-10
  it("is visible to visitors unless logged_out_search is 'none'", () => {
    expect(searchVisible(base)).toBe(false)
    expect(searchVisible({ ...base, loggedOutSearch: 'not' })).toBe(true)
  })
  // spec: VAL-10
  it('the traffic-source variant needs a traffic source', () => {
    expect(searchVisible({ ...base, loggedOutSearchTrafficsource: 'not' })).toBe(false)
    expect(searchVisible({ ...base, loggedOutSearchTrafficsource: 'not', hasTrafficSource: true })).toBe(true)
  })
})
