import { describe, expect, it } from 'vitest'
import { MemberSearchQuery } from './schemas/members.ts'
import { SiteSettings } from './schemas/sites.ts'
import { offers, paramsInForce, SEARCH_FIELDS, SEARCH_FILTERS } from './search-filters.ts'

describe('the search filters table', () => {
  it('is what the query schema reads: every parameter, and the page', () => {
    const params = Object.values(SEARCH_FILTERS).flatMap((f) => [...f.params])
    expect(Object.keys(MemberSearchQuery.shape).sort()).toEqual([...params, 'page'].sort())
  })

  it("offers a filter as its table entry says: the site's search_fields, a member with a place, or always", () => {
    const site = { searchFields: ['gender', 'min_age'], nearby: false }
    expect(offers('gender', 'gender', site)).toBe(true)
    expect(offers('country', 'country', site)).toBe(false)
    expect(offers('ages', 'min_age', site)).toBe(true)
    expect(offers('ages', 'max_age', site)).toBe(false)
    expect(offers('distance', 'distance', site)).toBe(false)
    expect(offers('distance', 'distance', { ...site, nearby: true })).toBe(true)
    expect(offers('verified', 'verified', site)).toBe(true)
    expect(offers('interests', 'interests', site)).toBe(true)
  })

  it('counts the parameters in force, an empty list of interests as none', () => {
    expect(paramsInForce({ gender: 'female', min_age: 25, max_age: 45, interests: [] })).toEqual([
      'gender',
      'min_age',
      'max_age',
    ])
    expect(paramsInForce({ country: '', interests: [3] })).toEqual(['interests'])
  })

  it("refuses a site's search_fields naming a filter that does not exist", () => {
    const field = SiteSettings.shape.search_fields
    expect(field.safeParse([...SEARCH_FIELDS]).success).toBe(true)
    expect(field.safeParse(['gender', 'contry']).success).toBe(false)
  })
})
