import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { staffMember } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// Issue 54, point 10 (ADR 32): the trust page's figures, against the rows they count.

const clock = new Date('2031-06-20T12:00:00Z')
let t: TestApp
const DAY = 86_400_000
const ago = (ms: number) => new Date(clock.getTime() - ms).toISOString()

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
})
afterAll(() => t.close())

const site = () => t.app.services.sites.list()[0]
const run = (query: ReturnType<typeof sql>) => t.database.db.execute(query)

describe('the trust page’s figures (ADR 32)', () => {
  it('counts each figure from its rows, inside its 30 days, for its site only', async () => {
    const before = await t.app.services.trust.figures(site())
    const [real, fictional, hidden, verified] = await Promise.all(
      ['Real', 'Fictive', 'Hidden', 'Checked'].map((name) => activeMember(t.app, { name })),
    )
    await run(sql`update profiles set fictional = true where user_id = ${fictional.user.id}`)
    await run(sql`update profiles set hidden = true where user_id = ${hidden.user.id}`)
    await run(
      sql`update profiles set main_photo_id = 424242, verified_photo_id = 424242 where user_id = ${verified.user.id}`,
    )

    const staff = await staffMember(t.app, 'operator', () => clock)
    const [{ id: staffId }] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from staff where email = ${staff.email}`,
    )
    // Waits of 60, 120 and 600 s inside the 30 days (median 120), one of 9,999 s before them.
    for (const [waited, at] of [
      [60, ago(DAY)],
      [120, ago(2 * DAY)],
      [600, ago(29 * DAY)],
      [9999, ago(31 * DAY)],
    ] as const)
      await run(sql`insert into operator_answers (staff_id, site_id, conversation_id, waited_seconds, answered_at)
        values (${staffId}, ${site().id}, 1, ${waited}, ${at})`)

    const [pkg] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from credit_packages where site_id = ${site().id} and currency = 'EUR' order by credits limit 1`,
    )
    const pay = (
      id: string,
      values: { withdrawn: string | null; refunded: string; amount: number; status?: string },
    ) =>
      run(sql`insert into payments (id, user_id, site_id, package_id, credits, amount, list_amount, currency, method,
          provider, status, refunded_at, refund_amount, withdrawn_at, created_at)
        values (${id}, ${real.user.id}, ${site().id}, ${pkg.id}, 100, 995, 995, 'EUR', 'creditcard', 'sandbox',
          ${values.status ?? 'refunded'}, ${values.refunded}, ${values.amount}, ${values.withdrawn}, ${ago(40 * DAY)})`)
    await pay('pay_trust_w1', { withdrawn: ago(3 * DAY), refunded: ago(3 * DAY), amount: 995 })
    await pay('pay_trust_w2', { withdrawn: ago(4 * DAY), refunded: ago(4 * DAY), amount: 498 })
    // A withdrawal whose refund is still under way is not paid yet; one from before the 30 days is out.
    await pay('pay_trust_w3', { withdrawn: ago(DAY), refunded: ago(DAY), amount: 995, status: 'paid' })
    await pay('pay_trust_w4', { withdrawn: ago(35 * DAY), refunded: ago(35 * DAY), amount: 995 })
    await pay('pay_trust_r1', { withdrawn: null, refunded: ago(5 * DAY), amount: 300 })

    // Two reports decided in 1 and 3 hours, one still open.
    for (const [queued, decided] of [
      [ago(5 * DAY), ago(5 * DAY - 3600_000)],
      [ago(6 * DAY), ago(6 * DAY - 3 * 3600_000)],
      [ago(DAY), null],
    ] as const)
      await run(sql`insert into complaints (site_id, name, email, reason, message, status, created_at, queued_at, decided_at)
        values (${site().id}, 'A', 'a@example.com', 'other', 'Something', ${decided ? 'decided' : 'open'},
          ${queued}, ${queued}, ${decided})`)

    const after = await t.app.services.trust.figures(site())
    expect(after.at).toBe(clock.toISOString())
    expect(after.since).toBe(ago(30 * DAY))
    expect(after.profiles).toEqual({
      total: before.profiles.total + 3,
      fictional: before.profiles.fictional + 1,
      real: before.profiles.real + 2,
      verified: before.profiles.verified + 1,
    })
    expect(after.operators).toEqual({ answers: 3, median_seconds: 120 })
    expect(after.money).toEqual([
      { currency: 'EUR', withdrawals: 2, withdrawn: 1493, refunds: 1, refunded: 300 },
    ])
    expect(after.reports).toEqual({ decided: 2, median_seconds: 2 * 3600 })

    // Another site counts none of it.
    const other = t.app.services.sites.list()[1]
    const elsewhere = await t.app.services.trust.figures(other)
    expect(elsewhere.operators.answers).toBe(0)
    expect(elsewhere.money).toEqual([])
  })
})
