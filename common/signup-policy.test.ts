import { describe, expect, it } from 'vitest'
import { signupsOpen } from './signup-policy.ts'

describe('signupsOpen', () => {
  it("is open with 'all'", () => expect(signupsOpen('all', null)).toBe(true))
  it("with 'with_trafficsource' needs a network value", () => {
    expect(signupsOpen('with_trafficsource', null)).toBe(false)
    expect(signupsOpen('with_trafficsource', 'adnet')).toBe(true)
  })
  it("is closed with 'other'", () => expect(signupsOpen('other', 'adnet')).toBe(false))
})
