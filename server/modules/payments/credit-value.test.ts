import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeMember } from '../../../tests/support/accounts.ts'
import { sandboxPurchase, type TestClock } from '../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// ADR 32, issue 54 point 3: what credits are worth to a member, as the API and the pages have it.

let clock = new Date('2031-05-06T07:08:09Z')
let t: TestApp
const testClock: TestClock = {
  now: () => clock,
  advance: (ms) => {
    clock = new Date(clock.getTime() + ms)
  },
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
})
afterAll(() => t.close())

describe('what credits are worth to a member', () => {
  it('is the smallest bundle in their currency before a purchase, then what they paid for the last one', async () => {
    const m = await activeMember(t.app, { name: 'Valued' })
    const user = async () =>
      (await t.app.inject({ url: '/api/user.php', headers: { cookie: m.cookie } })).json().user
    const { packages } = (
      await t.app.inject({ url: '/api/credits.php', headers: { cookie: m.cookie } })
    ).json()
    const smallest = [...packages].sort((a, b) => a.credits - b.credits)[0]
    expect((await user()).credit_value).toEqual({
      credits: smallest.credits,
      amount: smallest.amount,
      currency: smallest.currency,
    })

    // A purchase with the welcome time bonus: the credits are worth what was paid for them.
    const { bundle } = await sandboxPurchase(t, testClock, m, { credits: 250, code: 'TIMEBONUS25' })
    const paid = Math.round((bundle.amount * 75) / 100)
    expect((await user()).credit_value).toEqual({ credits: 250, amount: paid, currency: bundle.currency })
  })
})
