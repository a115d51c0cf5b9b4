import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { closingRefundOf, refundOf } from './refunds.ts'

const purchase = (id: string, credits: number, amount: number, currency = 'EUR') => ({
  id,
  credits,
  amount,
  currency,
})

describe('closingRefundOf', () => {
  it('gives the balance to the newest purchase first, each share at the price paid for it', () => {
    // 100 credits for €10.00 then 250 for €20.00; 300 left: 250 of the newest, 50 of the older.
    const refund = closingRefundOf([purchase('new', 250, 2000), purchase('old', 100, 1000)], 300)
    expect(refund.lines).toEqual([
      { id: 'new', credits: 250, amount: 2000, currency: 'EUR' },
      { id: 'old', credits: 50, amount: 500, currency: 'EUR' },
    ])
    expect(refund.credits).toBe(300)
    expect(refund.totals).toEqual([{ currency: 'EUR', amount: 2500 }])
  })

  it('refunds nothing of a balance of free credits only, and nothing without purchases', () => {
    expect(closingRefundOf([], 50)).toEqual({ lines: [], credits: 0, totals: [] })
    expect(closingRefundOf([purchase('a', 100, 1000)], 0).lines).toEqual([])
  })

  it('counts no more than a purchase brought, and keeps currencies apart', () => {
    const refund = closingRefundOf([purchase('chf', 100, 1200, 'CHF'), purchase('eur', 100, 1000)], 1000)
    expect(refund.credits).toBe(200)
    expect(refund.totals).toEqual([
      { currency: 'CHF', amount: 1200 },
      { currency: 'EUR', amount: 1000 },
    ])
  })

  it('never refunds more credits than the balance nor more money than was paid', () => {
    const purchases = fc.array(
      fc.record({ credits: fc.integer({ min: 1, max: 5000 }), amount: fc.integer({ min: 1, max: 100_000 }) }),
      { maxLength: 8 },
    )
    fc.assert(
      fc.property(purchases, fc.integer({ min: -10, max: 40_000 }), (rows, balance) => {
        const list = rows.map((row, i) => purchase(`p${i}`, row.credits, row.amount))
        const refund = closingRefundOf(list, balance)
        const bought = list.reduce((sum, p) => sum + p.credits, 0)
        expect(refund.credits).toBe(Math.min(Math.max(0, balance), bought))
        for (const line of refund.lines) {
          const p = list.find((row) => row.id === line.id)
          if (!p) throw new Error('a line for no purchase')
          expect(line.credits).toBeLessThanOrEqual(p.credits)
          expect(line.amount).toBe(refundOf(p, line.credits).amount)
        }
        // Only the oldest purchase with a line may be refunded in part.
        expect(refund.lines.slice(0, -1).every((line, i) => line.credits === list[i]?.credits)).toBe(true)
      }),
    )
  })
})
