import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { createRefundsService } from '#server/modules/payments/refunds.service.ts'
import { sandboxProvider } from '#server/modules/payments/sandbox-provider.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { lastMailTo } from '../../../tests/support/mail.ts'
import { sandboxPurchase, type TestClock } from '../../../tests/support/payments.ts'
import { remote, staffMember, type TestStaff } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let clock = new Date('2031-05-06T07:08:09Z')
let t: TestApp
const testClock: TestClock = {
  now: () => clock,
  advance: (ms) => {
    clock = new Date(clock.getTime() + ms)
  },
}
let support: TestStaff

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
  support = await staffMember(t.app, 'support', () => clock)
})
afterAll(() => t.close())

const actor = () => ({ staffId: null, email: support.email, role: 'support', ip: '127.0.0.1' })
const creditsOf = async (userId: number) =>
  (
    await queryRows<{ credits: number; paid_user: boolean }>(
      t.database.db,
      sql`select credits, paid_user from users where id = ${userId}`,
    )
  )[0]

/** A member who bought the 250-credit bundle in the sandbox, and the refunds service on that PSP. */
async function paidPurchase() {
  const m = await activeMember(t.app, { name: 'Refundee' })
  const bought = await sandboxPurchase(t, testClock, m, { credits: 250 })
  const refunds = createRefundsService(t.database.db, {
    provider: sandboxProvider(bought.psp),
    sites: t.app.services.sites,
    mail: t.app.services.mail,
    events: t.app.services.events,
    now: () => clock,
  })
  return { m, refunds, ...bought }
}

describe('refunds', () => {
  it('pays back through the provider and takes back the credits, never below zero: what was spent is recorded', async () => {
    const { m, refunds, payment, psp, providerId } = await paidPurchase()
    const bought = await creditsOf(m.user.id)
    expect(bought.paid_user).toBe(true)
    // The member spends 100 of them, then asks for the money back.
    await t.database.db.execute(sql`update users set credits = credits - 100 where id = ${m.user.id}`)
    const before = bought.credits - 100
    const result = await refunds.refund(payment, 'Bought by mistake, asked by phone', actor())
    const taken = Math.min(250, before)
    expect(result).toEqual({
      payment: { id: payment, status: 'refunded', taken_back: taken, spent: 250 - taken },
    })
    const after = await creditsOf(m.user.id)
    // Part of the purchase was used: the return policy refunds the rest at the price paid for it
    // (common/refunds.ts), and the purchase, not refunded in full, keeps Premium.
    expect(after).toEqual({ credits: before - taken, paid_user: true })
    const [{ amount }] = await queryRows<{ amount: number }>(
      t.database.db,
      sql`select amount from payments where id = ${payment}`,
    )
    expect((await psp.status(providerId))?.refundedAmount).toBe(Math.round((amount * taken) / 250))
    const [ledger] = await queryRows<{ delta: number; reason: string }>(
      t.database.db,
      sql`select delta, reason from credit_ledger where user_id = ${m.user.id} order by id desc limit 1`,
    )
    expect(ledger).toEqual({ delta: -taken, reason: 'refund' })
    expect((await lastMailTo(t.database.db, m.email))?.subject).toBe(
      'Your payment has been refunded — LunaDate',
    )
    const [audit] = await queryRows<{ action: string; reason: string }>(
      t.database.db,
      sql`select action, reason from audit_log where target_type = 'payment' and target_id = ${payment}`,
    )
    expect(audit).toEqual({ action: 'payment.refund', reason: 'Bought by mistake, asked by phone' })
    // Once only.
    await expect(refunds.refund(payment, 'Again please', actor())).rejects.toThrow(
      'payments.already_refunded',
    )
    const transactions = (
      await t.app.inject({ url: '/api/transactions.php', headers: { cookie: m.cookie } })
    ).json()
    expect(JSON.stringify(transactions)).toContain('refunded')
  })

  it('refunds a purchase none of whose credits were used in full, and Premium ends with it', async () => {
    const { m, refunds, payment, psp, providerId } = await paidPurchase()
    const result = await refunds.refund(payment, 'Changed their mind', actor())
    expect(result.payment).toMatchObject({ taken_back: 250, spent: 0 })
    const [{ amount }] = await queryRows<{ amount: number }>(
      t.database.db,
      sql`select amount from payments where id = ${payment}`,
    )
    expect((await psp.status(providerId))?.refundedAmount).toBe(amount)
    expect((await creditsOf(m.user.id)).paid_user).toBe(false)
  })

  it('refuses to refund a purchase whose every credit was used', async () => {
    const { m, refunds, payment } = await paidPurchase()
    await t.database.db.execute(sql`update users set credits = 0 where id = ${m.user.id}`)
    await expect(refunds.refund(payment, 'All spent', actor())).rejects.toThrow('payments.nothing_to_refund')
  })

  it('takes back only what is left when the member spent more than the rest', async () => {
    const { m, refunds, payment } = await paidPurchase()
    await t.database.db.execute(sql`update users set credits = 30 where id = ${m.user.id}`)
    const result = await refunds.refund(payment, 'Chargeback threatened', actor())
    expect(result.payment).toMatchObject({ taken_back: 30, spent: 220 })
    expect((await creditsOf(m.user.id)).credits).toBe(0)
  })

  it('refuses after the site’s refund days, and through the console only for support and admins', async () => {
    const { refunds, payment } = await paidPurchase()
    const days = t.app.services.sites.list()[0].settings.refund_days
    clock = new Date(clock.getTime() + (days + 1) * 86_400_000)
    await expect(refunds.refund(payment, 'Too late now', actor())).rejects.toThrow('payments.refund_window')
    const moderator = await staffMember(t.app, 'moderator', () => clock)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payment-refund.php',
      payload: { payment, reason: 'Not mine to do' },
      headers: { cookie: moderator.cookie },
    })
    expect(res.statusCode).toBe(403)
    const supportNow = await staffMember(t.app, 'support', () => clock)
    const found = await t.app.inject({
      url: `/api/admin/payments.php?q=${payment}`,
      headers: { cookie: supportNow.cookie },
    })
    expect(found.json().payments).toEqual([expect.objectContaining({ id: payment, status: 'paid' })])
  })
})

describe('chargebacks', () => {
  it('take back the credits once, make payments by that method wait for support, and lock nothing else', async () => {
    const { m, payment, providerId, psp, payments, bundle, site } = await paidPurchase()
    await t.database.db.execute(sql`update users set credits = credits - 50 where id = ${m.user.id}`)
    const before = await creditsOf(m.user.id)
    await psp.chargeBack(providerId)
    await Promise.all([payments.webhook(providerId), payments.webhook(providerId)])
    await payments.webhook(providerId)
    const taken = Math.min(250, before.credits)
    expect(await creditsOf(m.user.id)).toEqual({ credits: before.credits - taken, paid_user: false })
    const [row] = await queryRows<{ status: string; refunded_credits: number; spent_credits: number }>(
      t.database.db,
      sql`select status, refunded_credits, spent_credits from payments where id = ${payment}`,
    )
    expect(row).toEqual({ status: 'charged_back', refunded_credits: taken, spent_credits: 250 - taken })
    const ledger = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from credit_ledger where user_id = ${m.user.id} and reason = 'chargeback'`,
    )
    expect(ledger[0].n).toBe(taken > 0 ? 1 : 0)
    // Payments by the disputed method wait for support (ADR 32), in the member's language...
    await expect(
      payments.start({ userId: m.user.id, siteId: site.id }, site, {
        package: bundle.id,
        method: 'creditcard',
        locale: 'en',
        origin: 'http://localhost:3000',
      }),
    ).rejects.toThrow('payments.blocked')
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/payment.php',
      payload: { package: bundle.id, method: 'creditcard' },
      headers: { cookie: m.cookie },
    })
    expect(refused.json().error).toMatchObject({ code: 'payments.blocked' })
    expect(refused.json().error.message).toMatch(
      /^A payment you made with this method was taken back by your bank/,
    )
    // ...and nothing else does: the member is still logged in, spends what is left, pays another way.
    const me = await t.app.inject({ url: '/api/user.php', headers: { cookie: m.cookie } })
    expect(me.json().user.credits).toBe(before.credits - taken)
    const otherWay = await t.app.inject({
      method: 'POST',
      url: '/api/payment.php',
      payload: { package: bundle.id, method: 'paypal' },
      headers: { cookie: m.cookie },
    })
    expect(otherWay.statusCode).toBe(200)

    // Support lets the member pay again, audited; once. (The clock has moved on: a fresh session.)
    const supportNow = await staffMember(t.app, 'support', () => clock)
    const allow = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/member-action.php',
        payload: { user: m.user.id, action: 'allow_payments', reason: 'The bank confirmed a mistake.' },
        headers: { cookie: supportNow.cookie, 'x-forwarded-for': remote() },
      })
    expect((await allow()).statusCode).toBe(200)
    expect((await allow()).statusCode).toBe(409)
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payment.php',
      payload: { package: bundle.id, method: 'creditcard' },
      headers: { cookie: m.cookie },
    })
    expect(again.statusCode).toBe(200)
    const [audit] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'member.allow_payments' and target_id = ${String(m.user.id)}`,
    )
    expect(audit.n).toBe(1)
  })
})
