import { describe, expect, it } from 'vitest'
import { termsVersionDate } from './terms-date.ts'

describe('termsVersionDate', () => {
  // spec: STATE-24
  it('is the base date when the company was added before it', () => {
    expect(termsVersionDate('2020-05-01T00:00:00Z').toISOString()).toBe('2023-12-01T12:00:00.000Z')
  })

  // spec: STATE-24
  it("is the company's added date when that is later", () => {
    expect(termsVersionDate('2024-03-15T09:00:00Z').toISOString()).toBe('2024-03-15T09:00:00.000Z')
  })

  // spec: STATE-24
  it('is the base date without a valid added date', () => {
    expect(termsVersionDate(null).toISOString()).toBe('2023-12-01T12:00:00.000Z')
    expect(termsVersionDate('not a date').toISOString()).toBe('2023-12-01T12:00:00.000Z')
  })
})
