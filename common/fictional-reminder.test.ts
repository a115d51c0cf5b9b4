import { describe, expect, it } from 'vitest'
import { fictionalReminderOf } from './fictional-reminder.ts'

// A bundle of 100 credits for €10.00: a credit is worth 10 cents.
const value = { credits: 100, amount: 1000, currency: 'EUR' }

describe('fictionalReminderOf', () => {
  it('is due once the money spent passes the amount again since the last reading', () => {
    const spend = { credits: 90, reminded: 0, step: 1000 }
    expect(fictionalReminderOf(spend, value)).toBeNull()
    // The page adds what its messages took since it loaded: 20 more credits pass €10.
    expect(fictionalReminderOf(spend, value, 110)).toEqual({ spent: 1100, currency: 'EUR', level: 1 })
    // Read at level 1: nothing until €20.
    expect(fictionalReminderOf({ ...spend, reminded: 1 }, value, 190)).toBeNull()
    expect(fictionalReminderOf({ ...spend, reminded: 1 }, value, 200)).toMatchObject({ level: 2 })
  })

  it('is never due when the site sets no amount or the member has no credit value', () => {
    expect(fictionalReminderOf({ credits: 10_000, reminded: 0, step: 0 }, value)).toBeNull()
    expect(fictionalReminderOf({ credits: 10_000, reminded: 0, step: 1000 }, null)).toBeNull()
  })
})
