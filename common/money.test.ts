import { describe, expect, it } from 'vitest'
import { formatMoney, moneyKey, moneyTable } from './money.ts'

describe('moneyTable', () => {
  it('formats each amount by formatMoney, found again by moneyKey', () => {
    const table = moneyTable(
      [
        [1995, 'EUR'],
        [1995, 'GBP'],
        [500, 'EUR'],
      ],
      'fr',
    )
    expect(Object.keys(table)).toHaveLength(3)
    expect(table[moneyKey(1995, 'EUR')]).toBe(formatMoney(1995, 'EUR', 'fr'))
    expect(table[moneyKey(1995, 'EUR')]).toBe('19,95\u00a0€')
    expect(table[moneyKey(1995, 'GBP')]).toBe('19,95\u00a0£GB')
    expect(table[moneyKey(500, 'CHF')]).toBeUndefined()
  })
})
