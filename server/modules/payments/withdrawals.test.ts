import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { createOwedRefunds } from '#server/modules/payments/owed-refunds.ts'
import { createRefundsService } from '#server/modules/payments/refunds.service.ts'
import { sandboxProvider } from '#server/modules/payments/sandbox-provider.ts'
import { createWithdrawalsService } from '#server/modules/payments/withdrawals.service.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { lastMailTo, linkIn } from '../../../tests/support/mail.ts'
import { sandboxPurchase, type TestClock } from '../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import type { PaymentProvider } from './provider.ts'

// ADR 32, issue 54 point 1: the withdrawal function, exactly once, on the sandbox PSP.

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

const DAY = 86_400_000
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query)
const balanceOf = async (userId: number) =>
  (
    await rows<{ credits: number; paid_user: boolean }>(
      sql`select credits, paid_user from users where id = ${userId}`,
    )
  )[0]

/** A member who bought the 250-credit bundle in the sandbox; the withdrawals service on a provider. */
async function paidPurchase(name: string, wrap: (p: PaymentProvider) => PaymentProvider = (p) => p) {
  const m = await activeMember(t.app, { name })
  const bought = await sandboxPurchase(t, testClock, m, { credits: 250 })
  const provider = wrap(sandboxProvider(bought.psp))
  const owed = createOwedRefunds(t.database.db, {
    provider,
    events: t.app.services.events,
    now: () => clock,
    log: t.app.log,
  })
  const withdrawals = createWithdrawalsService(t.database.db, {
    sites: t.app.services.sites,
    mail: t.app.services.mail,
    events: t.app.services.events,
    now: () => clock,
    owed,
  })
  const member = { userId: m.user.id, ip: '127.0.0.1' }
  return { m, member, withdrawals, owed, provider, ...bought }
}

const refundsAt = (paymentId: string) =>
  rows<{ amount: number }>(
    sql`select r.amount from sandbox_refunds r join payments p on p.provider_id = r.payment_id where p.id = ${paymentId}`,
  )

describe('withdrawal from a purchase (ADR 32)', () => {
  it('mails a receipt with the withdrawal link when the purchase is paid', async () => {
    const { m, payment, site } = await paidPurchase('Receipted')
    const mail = await lastMailTo(t.database.db, m.email)
    expect(mail?.subject).toBe('Your receipt — LunaDate')
    expect(mail?.text).toContain('Your credits never expire.')
    expect(mail?.text).toContain(`Receipt number: ${payment}.`)
    expect(linkIn(mail?.text ?? '', '/withdraw')).toBe(
      `${t.app.services.sites.origin(site)}/transactions/${payment}/withdraw`,
    )
  })

  it('shows what comes back, then refunds the unused credits once, takes them off the balance, acknowledges and audits', async () => {
    const { m, member, withdrawals, payment, psp, providerId, site } = await paidPurchase('Withdrawer')
    // The member spends 100 of the 250 credits (and had the welcome credits before).
    await t.database.db.execute(sql`update users set credits = credits - 100 where id = ${m.user.id}`)
    const before = await balanceOf(m.user.id)
    const [{ amount }] = await rows<{ amount: number }>(
      sql`select amount from payments where id = ${payment}`,
    )
    const unused = Math.min(250, before.credits)
    const back = Math.round((amount * unused) / 250)

    const offer = await withdrawals.offer(member, site, payment)
    expect(offer).toMatchObject({
      state: 'open',
      payment: { id: payment, credits: 250, amount },
      refund: { credits: unused, amount: back, spent: 250 - unused },
      days: 14,
    })
    expect(new Date(offer.until).getTime() - new Date(offer.payment.paid_at).getTime()).toBe(14 * DAY)

    const done = await withdrawals.withdraw(member, site, payment)
    expect(done).toMatchObject({ state: 'refunded', refund: { credits: unused, amount: back } })
    expect(await balanceOf(m.user.id)).toMatchObject({ credits: before.credits - unused })
    expect((await psp.status(providerId))?.refundedAmount).toBe(back)
    const [ledger] = await rows<{ delta: number; reason: string }>(
      sql`select delta, reason from credit_ledger where user_id = ${m.user.id} order by id desc limit 1`,
    )
    expect(ledger).toEqual({ delta: -unused, reason: 'withdrawal' })
    const [row] = await rows<{ status: string; withdrawn: boolean; refund_amount: number }>(
      sql`select status, withdrawn_at is not null as withdrawn, refund_amount from payments where id = ${payment}`,
    )
    expect(row).toEqual({ status: 'refunded', withdrawn: true, refund_amount: back })

    const mail = await lastMailTo(t.database.db, m.email)
    expect(mail?.subject).toBe('We have received your withdrawal — LunaDate')
    // The date and time of the withdrawal, the purchase and the amount, in the member's language.
    expect(mail?.text).toContain('On May 6, 2031 at')
    expect(mail?.text).toContain(`(€${(amount / 100).toFixed(2)}, receipt ${payment})`)
    expect(mail?.text).toContain(`We refund €${(back / 100).toFixed(2)} for the ${unused} credits`)

    const [audit] = await rows<{ action: string; role: string; staff_email: string }>(
      sql`select action, role, staff_email from audit_log where target_type = 'payment' and target_id = ${payment}`,
    )
    expect(audit).toEqual({ action: 'payment.withdraw', role: 'member', staff_email: m.email })

    // Asked again (a reload, the mail's link): the same withdrawal, nothing more.
    expect(await withdrawals.offer(member, site, payment)).toMatchObject({ state: 'refunded' })
    expect(await withdrawals.withdraw(member, site, payment)).toMatchObject({ state: 'refunded' })
    expect(await refundsAt(payment)).toHaveLength(1)
  })

  it('is done exactly once under double clicks and two tabs', async () => {
    const { m, member, withdrawals, payment, site } = await paidPurchase('DoubleClicker')
    const before = await balanceOf(m.user.id)
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => withdrawals.withdraw(member, site, payment)),
    )
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true)
    expect(await balanceOf(m.user.id)).toMatchObject({ credits: before.credits - 250 })
    expect(await refundsAt(payment)).toHaveLength(1)
    const counts = await rows<{ ledger: number; mails: number; audits: number }>(sql`select
      (select count(*)::int from credit_ledger where reference = ${payment} and reason = 'withdrawal') as ledger,
      (select count(*)::int from mail_outbox where to_address = ${m.email} and subject like 'We have received%') as mails,
      (select count(*)::int from audit_log where target_id = ${payment} and action = 'payment.withdraw') as audits`)
    expect(counts[0]).toEqual({ ledger: 1, mails: 1, audits: 1 })
    // Every purchase refunded in full: Premium ends with it (ADR 27).
    expect((await balanceOf(m.user.id)).paid_user).toBe(false)
  })

  it('pays once when the provider refunded but its answer was lost, on the retry and by the job', async () => {
    let lose = true
    const { m, member, withdrawals, owed, payment, site } = await paidPurchase('TimedOut', (p) => ({
      ...p,
      async refund(args) {
        const id = await p.refund(args)
        if (lose) throw new Error('timeout: the provider did not answer in time')
        return id
      },
    }))
    const before = await balanceOf(m.user.id)
    const first = await withdrawals.withdraw(member, site, payment)
    // Recorded, acknowledged, credits gone; the refund is owed and not confirmed yet.
    expect(first.state).toBe('under_way')
    expect(await balanceOf(m.user.id)).toMatchObject({ credits: before.credits - 250 })
    expect((await lastMailTo(t.database.db, m.email))?.subject).toBe(
      'We have received your withdrawal — LunaDate',
    )
    const listed = (
      await t.app.inject({ url: '/api/transactions.php', headers: { cookie: m.cookie } })
    ).json()
    expect(listed.payments[0]).toMatchObject({ payment_id: payment, status: 'paid', withdraw_until: null })
    expect(listed.payments[0].withdrawn_at).not.toBeNull()
    // The member tries again while the provider still times out: still one refund at the provider.
    expect((await withdrawals.withdraw(member, site, payment)).state).toBe('under_way')
    expect(await refundsAt(payment)).toHaveLength(1)
    // The provider answers again: the job finishes it with the same key, and nothing is paid twice.
    lose = false
    expect(await owed.payUnderWay()).toMatchObject({ refunded: 1 })
    expect(await withdrawals.offer(member, site, payment)).toMatchObject({ state: 'refunded' })
    expect(await refundsAt(payment)).toHaveLength(1)
    expect(await balanceOf(m.user.id)).toMatchObject({ credits: before.credits - 250 })
    expect(await owed.payUnderWay()).toMatchObject({ asked: 0 })
  })

  it('is offered for 14 days, or the site refund_days when longer, and refuses what it cannot do', async () => {
    const { m, member, withdrawals, payment, site } = await paidPurchase('Latecomer')
    const other = await activeMember(t.app, { name: 'Nosy' })
    await expect(withdrawals.offer({ userId: other.user.id }, site, payment)).rejects.toThrow(
      'payments.not_found',
    )
    await expect(withdrawals.withdraw({ userId: other.user.id, ip: null }, site, payment)).rejects.toThrow(
      'payments.not_found',
    )
    const start = clock
    clock = new Date(start.getTime() + 14 * DAY - 60_000)
    expect((await withdrawals.offer(member, site, payment)).state).toBe('open')
    clock = new Date(start.getTime() + 14 * DAY + 60_000)
    await expect(withdrawals.offer(member, site, payment)).rejects.toThrow('payments.refund_window')
    await expect(withdrawals.withdraw(member, site, payment)).rejects.toThrow('payments.refund_window')
    // A site that gives 30 days gives them to withdrawals too.
    const longer = { ...site, settings: { ...site.settings, refund_days: 30 } }
    expect((await withdrawals.offer(member, longer, payment)).days).toBe(30)
    // Every credit spent: nothing comes back, and nothing is done.
    await t.database.db.execute(sql`update users set credits = 0 where id = ${m.user.id}`)
    await expect(withdrawals.withdraw(member, longer, payment)).rejects.toThrow('payments.nothing_to_refund')
    expect(await refundsAt(payment)).toHaveLength(0)
    clock = new Date(start.getTime() + DAY)
  })

  it('and support’s refund never both pay back the same purchase', async () => {
    const { member, withdrawals, payment, site, provider } = await paidPurchase('Both')
    const refunds = createRefundsService(t.database.db, {
      provider,
      sites: t.app.services.sites,
      mail: t.app.services.mail,
      events: t.app.services.events,
      now: () => clock,
    })
    await withdrawals.withdraw(member, site, payment)
    await expect(
      refunds.refund(payment, 'Asked by phone too', {
        staffId: null,
        email: 's@example.com',
        role: 'support',
        ip: null,
      }),
    ).rejects.toThrow('payments.already_refunded')
    const second = await paidPurchase('Supported')
    await refunds.refund(second.payment, 'Asked by phone', {
      staffId: null,
      email: 's@example.com',
      role: 'support',
      ip: null,
    })
    await expect(second.withdrawals.withdraw(second.member, site, second.payment)).rejects.toThrow(
      'payments.already_refunded',
    )
  })
})
