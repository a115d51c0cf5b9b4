import { describe, expect, it } from 'vitest'
import { messageCost, messageCostsByCountry, messageCostWith, offeredCurrency } from './message-price.ts'

const bundles = [
  { credits: 100, amount: 995, currency: 'EUR' },
  { credits: 1000, amount: 5995, currency: 'EUR' },
  { credits: 100, amount: 895, currency: 'GBP' },
]

describe('what a message costs in money', () => {
  it('is the credits of a message at the bundle price per credit, rounded up to the cent', () => {
    expect(messageCostWith(bundles[0], 10)).toBe(100) // 99.5 cents
    expect(messageCostWith(bundles[1], 10)).toBe(60) // 59.95 cents
    expect(messageCostWith({ credits: 3, amount: 100, currency: 'EUR' }, 1)).toBe(34)
    expect(messageCostWith(bundles[0], 0)).toBe(0)
  })

  it('ranges from the best-value bundle to the dearest in one currency', () => {
    expect(messageCost(bundles, 10, 'EUR')).toEqual({ costs: 60, highest: 100, currency: 'EUR' })
    expect(messageCost(bundles, 10, 'GBP')).toEqual({ costs: 90, highest: 90, currency: 'GBP' })
    expect(messageCost(bundles, 10, 'CHF')).toBeNull()
  })

  // spec: CONST-12
  it('is asked per country in the currency the country pays in, euros where none is sold', () => {
    const sold = new Set(['EUR', 'GBP'])
    expect(offeredCurrency('GB', sold)).toBe('GBP')
    expect(offeredCurrency('CH', sold)).toBe('EUR')
    expect(offeredCurrency(null, sold)).toBe('EUR')
    expect(messageCostsByCountry(['FR', 'GB', 'CH'], bundles, 10)).toEqual({
      FR: { costs: 60, highest: 100, currency: 'EUR' },
      GB: { costs: 90, highest: 90, currency: 'GBP' },
      CH: { costs: 60, highest: 100, currency: 'EUR' },
    })
  })
})
