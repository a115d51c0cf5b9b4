import { describe, expect, it } from 'vitest'
import { signupsOpen } from './signup-policy.ts'

describe('signupsOpen', () => {
  // spec: VAL-9
  it("is open with 'all'", () => expect(signupsOpen('all', null)).toBe(true))
  // spec: VAL-9
  it("with 'with_trafficsource' needs a network value", () => {
    expect(signupsOpen('with_trafficsource', null)).toBe(false)
    expect(signupsOpen('with_trafficsource', 'adnet')).toBe(true)
  })
  // spec: VAL-9
  it("is closed with 'other'", () => expect(signupsOpen('other', 'adnet')).toBe(false))
})
