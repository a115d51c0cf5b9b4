import { describe, expect, it } from 'vitest'
import { coveringBundle, creditValue, moneyOfCredits } from './credit-value.ts'

const bundles = [
  { credits: 250, amount: 1995, currency: 'EUR' },
  { credits: 100, amount: 995, currency: 'EUR' },
  { credits: 100, amount: 895, currency: 'GBP' },
  { credits: 500, amount: 2995, currency: 'EUR' },
]

describe('what a credit is worth to a member (ADR 32)', () => {
  it('is the price per credit of their last paid bundle, discount included', () => {
    const paid = { credits: 250, amount: 1496, currency: 'EUR' }
    expect(creditValue(paid, bundles, 'FR')).toEqual(paid)
    expect(moneyOfCredits(paid, 10)).toBe(60) // 14.96 / 250 × 10 = 0.5984, rounded up
  })

  it('before any purchase, is the smallest bundle in the member’s currency, else in euros', () => {
    expect(creditValue(null, bundles, 'FR')).toEqual({ credits: 100, amount: 995, currency: 'EUR' })
    expect(creditValue(null, bundles, 'GB')).toEqual({ credits: 100, amount: 895, currency: 'GBP' })
    // Swiss francs are not sold here: euros.
    expect(creditValue(null, bundles, 'CH')).toEqual({ credits: 100, amount: 995, currency: 'EUR' })
    expect(creditValue(null, [], 'FR')).toBeNull()
  })

  it('never shows credits for less than they cost, and is exact on whole bundles', () => {
    for (let i = 0; i < 500; i++) {
      const value = { credits: 1 + ((i * 37) % 997), amount: 1 + ((i * 7919) % 99_999), currency: 'EUR' }
      const credits = 1 + ((i * 13) % 400)
      const cents = moneyOfCredits(value, credits)
      expect(cents * value.credits).toBeGreaterThanOrEqual(value.amount * credits)
      expect((cents - 1) * value.credits).toBeLessThan(value.amount * credits)
      expect(moneyOfCredits(value, value.credits)).toBe(value.amount)
    }
  })
})

describe('the bundle that covers what is missing (issue 54, point 3)', () => {
  const bundles = [
    { id: 3, credits: 500, amount: 3495, currency: 'EUR' },
    { id: 1, credits: 100, amount: 995, currency: 'EUR' },
    { id: 2, credits: 250, amount: 1995, currency: 'EUR' },
    { id: 9, credits: 50, amount: 450, currency: 'GBP' },
  ]
  it('is the smallest of the member’s currency that covers it, never more than needed', () => {
    expect(coveringBundle(bundles, 'EUR', 10)?.id).toBe(1)
    expect(coveringBundle(bundles, 'EUR', 100)?.id).toBe(1)
    expect(coveringBundle(bundles, 'EUR', 101)?.id).toBe(2)
    expect(coveringBundle(bundles, 'GBP', 10)?.id).toBe(9)
  })
  it('is the largest when none covers it, and none where nothing is sold', () => {
    expect(coveringBundle(bundles, 'EUR', 900)?.id).toBe(3)
    expect(coveringBundle(bundles, 'CHF', 10)).toBeNull()
  })
})
