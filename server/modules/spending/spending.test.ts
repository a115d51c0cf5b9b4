import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { sandboxPurchase, type TestClock } from '../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// Issue 54, point 4 (ADR 32): limits a member sets, checked on the server at every purchase.

// A Wednesday at 10:00 in Amsterdam: no late night, mid-month.
let clock = new Date('2031-05-14T08:00:00Z')
let t: TestApp
const testClock: TestClock = {
  now: () => clock,
  advance: (ms) => {
    clock = new Date(clock.getTime() + ms)
  },
}
const HOUR = 3_600_000
const DAY = 24 * HOUR

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
})
afterAll(() => t.close())

const site = () => t.app.services.sites.list()[0]
const spending = () => t.app.services.spending
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query)
const paymentsOf = async (userId: number) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from payments where user_id = ${userId}`))[0].n
const auditsOf = (userId: number) =>
  rows<{ action: string; role: string }>(
    sql`select action, role from audit_log where target_type = 'user' and target_id = ${String(userId)}
      and action like 'spending.%' order by id`,
  )

async function member(name: string) {
  const m = await activeMember(t.app, { name })
  return { m, actor: { userId: m.user.id, ip: '127.0.0.1' } }
}

/** A purchase of the 100-credit bundle (€9.95), or its refusal's code and values. */
async function buy(m: Awaited<ReturnType<typeof activeMember>>, options: { checked_in?: boolean } = {}) {
  try {
    await sandboxPurchase(t, testClock, m, { credits: 100, ...options })
    return 'bought'
  } catch (error) {
    const e = error as { code?: string; values?: unknown }
    if (!e.code) throw error
    return { code: e.code, values: e.values }
  }
}

describe('limits a member sets (ADR 32)', () => {
  it("shows this month's spending in money, without last month's", async () => {
    const { m } = await member('Spender')
    clock = new Date('2031-04-30T20:00:00Z') // 22:00 in Amsterdam, 30 April
    expect(await buy(m)).toBe('bought')
    clock = new Date('2031-05-14T08:00:00Z')
    expect(await buy(m)).toBe('bought')
    const view = await spending().view(m.user.id, site(), 'EUR')
    expect(view.month).toMatchObject({ spent: 995, from: '2031-04-30T22:00:00.000Z' })
    expect(view.limit).toBeNull()
  })

  it('refuses a purchase past the monthly limit, with what is left, and writes nothing', async () => {
    const { m, actor } = await member('Limited')
    expect(await buy(m)).toBe('bought')
    const view = await spending().setLimit(actor, site(), 'EUR', 1500)
    expect(view.limit).toEqual({ amount: 1500, currency: 'EUR', left: 505 })
    expect(view.pending).toBeNull()
    const before = await paymentsOf(m.user.id)
    expect(await buy(m)).toEqual({
      code: 'spending.limit_reached',
      values: { limit: '€15.00', left: '€5.05' },
    })
    expect(await paymentsOf(m.user.id)).toBe(before)
    expect(await auditsOf(m.user.id)).toEqual([{ action: 'spending.limit', role: 'member' }])
  })

  it('holds a lower limit at once and a higher one (or none) only after 24 hours', async () => {
    const { m, actor } = await member('Raiser')
    await spending().setLimit(actor, site(), 'EUR', 500)
    expect(await buy(m)).toMatchObject({ code: 'spending.limit_reached' })
    const raised = await spending().setLimit(actor, site(), 'EUR', 5000)
    expect(raised.limit?.amount).toBe(500)
    expect(raised.pending).toEqual({
      amount: 5000,
      currency: 'EUR',
      from: new Date(clock.getTime() + DAY).toISOString(),
    })
    testClock.advance(DAY - 60_000)
    expect(await buy(m)).toMatchObject({ code: 'spending.limit_reached' })
    testClock.advance(120_000)
    expect(await buy(m)).toBe('bought')
    // Asking for none waits too; a lower limit meanwhile holds at once and cancels it.
    const none = await spending().setLimit(actor, site(), 'EUR', null)
    expect(none.limit?.amount).toBe(5000)
    expect(none.pending?.amount).toBeNull()
    const lower = await spending().setLimit(actor, site(), 'EUR', 995)
    expect(lower).toMatchObject({ limit: { amount: 995, left: 0 }, pending: null })
    expect(await buy(m)).toMatchObject({ code: 'spending.limit_reached', values: { left: '€0.00' } })
  })

  it('refuses every purchase during a break, offers nothing, and never shortens it', async () => {
    const { m, actor } = await member('Resting')
    const view = await spending().takeBreak(actor, site(), 'EUR', 7)
    const until = new Date(clock.getTime() + 7 * DAY).toISOString()
    expect(view.break_until).toBe(until)
    expect(await buy(m)).toMatchObject({ code: 'spending.on_break' })
    const welcome = await t.app.inject({
      url: '/api/discountcode.php?welcome=true',
      headers: { cookie: m.cookie },
    })
    expect(welcome.statusCode).toBe(404)
    const stay = await t.app.inject({
      method: 'POST',
      url: '/api/discountcode.php',
      headers: { cookie: m.cookie },
      payload: { offer: 'stay' },
    })
    expect(stay.statusCode).toBe(404)
    // A shorter break asked meanwhile changes nothing; a longer one lengthens it.
    expect((await spending().takeBreak(actor, site(), 'EUR', 1)).break_until).toBe(until)
    testClock.advance(7 * DAY + 1000)
    expect(await buy(m)).toBe('bought')
    expect(await auditsOf(m.user.id)).toEqual([{ action: 'spending.break', role: 'member' }])
  })

  it('shows a check-in after three purchases within an hour, once the member goes on past it', async () => {
    const { m } = await member('Quick')
    for (let i = 0; i < 3; i++) {
      expect(await buy(m)).toBe('bought')
      testClock.advance(5 * 60_000)
    }
    expect((await spending().view(m.user.id, site(), 'EUR')).check_in).toEqual(['hour_purchases'])
    expect(await buy(m)).toEqual({ code: 'spending.check_in', values: {} })
    expect(await buy(m, { checked_in: true })).toBe('bought')
    // A day's quiet after going on: the next purchases are not held.
    expect((await spending().view(m.user.id, site(), 'EUR')).check_in).toEqual([])
    expect(await buy(m)).toBe('bought')
    expect(await auditsOf(m.user.id)).toEqual([{ action: 'spending.check_in', role: 'member' }])
  })

  it('holds the limit against purchases started at the same moment', async () => {
    const { m, actor } = await member('Twice')
    await spending().setLimit(actor, site(), 'EUR', 1000)
    const outcomes = await Promise.all([buy(m), buy(m), buy(m)])
    expect(outcomes.filter((o) => o === 'bought')).toHaveLength(1)
    expect(await paymentsOf(m.user.id)).toBe(1)
  })

  it('refuses a purchase in another currency than the limit’s until the member sets it again', async () => {
    const { m, actor } = await member('Traveller')
    await spending().setLimit(actor, site(), 'EUR', 10_000)
    const attempt = t.database.db.transaction((tx) =>
      spending().assertMayBuy(
        tx,
        { userId: m.user.id, amount: 895, currency: 'GBP', checkedIn: false, ip: null },
        site(),
        'fr',
      ),
    )
    await expect(attempt).rejects.toMatchObject({
      code: 'spending.limit_currency',
      values: { currency: 'EUR' },
    })
    // In another currency, a new limit is a change that waits its 24 hours.
    const view = await spending().setLimit(actor, site(), 'GBP', 2000)
    expect(view.pending).toMatchObject({ amount: 2000, currency: 'GBP' })
  })
})
