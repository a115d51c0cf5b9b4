import { describe, expect, it } from 'vitest'
import { searchVisible } from './search-visibility.ts'

const base = {
  loggedIn: false,
  loggedOutSearch: 'none',
  loggedOutSearchTrafficsource: 'none',
  hasTrafficSource: false,
} as const

describe('searchVisible', () => {
  it('is always visible to members', () => {
    expect(searchVisible({ ...base, loggedIn: true })).toBe(true)
  })
  it("is visible to visitors unless logged_out_search is 'none'", () => {
    expect(searchVisible(base)).toBe(false)
    expect(searchVisible({ ...base, loggedOutSearch: 'not' })).toBe(true)
  })
  it('the traffic-source variant needs a traffic source', () => {
    expect(searchVisible({ ...base, loggedOutSearchTrafficsource: 'not' })).toBe(false)
    expect(searchVisible({ ...base, loggedOutSearchTrafficsource: 'not', hasTrafficSource: true })).toBe(true)
  })
})
