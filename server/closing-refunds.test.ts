import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { localMediaStore } from '#server/lib/media-store.ts'
import { createAccountSettingsService } from '#server/modules/accounts/account-settings.service.ts'
import { changeCredits } from '#server/modules/credits/credits.service.ts'
import { createClosingRefunds } from '#server/modules/payments/closing-refunds.service.ts'
import { createOwedRefunds } from '#server/modules/payments/owed-refunds.ts'
import { sandboxProvider } from '#server/modules/payments/sandbox-provider.ts'
import { activeMember } from '../tests/support/accounts.ts'
import { lastMailTo, linkIn } from '../tests/support/mail.ts'
import { sandboxPurchase, testClockAt } from '../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../tests/support/test-app.ts'

// ADR 32, issue 54 point 2: deleting the account refunds the unused purchased credits.

const testClock = testClockAt('2031-08-01T09:00:00Z')
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ clock: testClock.now })
})
afterAll(() => t.close())

const DAY = 86_400_000
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query)
const creditsOf = async (userId: number) =>
  (await rows<{ credits: number }>(sql`select credits from users where id = ${userId}`))[0]?.credits
const paymentRow = async (id: string) =>
  (
    await rows<{
      status: string
      closing_refund_at: Date | null
      refunded_credits: number | null
      spent_credits: number | null
      refund_amount: number | null
      refund_id: string | null
    }>(
      sql`select status, closing_refund_at, refunded_credits, spent_credits, refund_amount, refund_id from payments where id = ${id}`,
    )
  )[0]
const spend = (userId: number, credits: number, reference: string) =>
  t.database.db.transaction((tx) =>
    changeCredits(tx, { userId, delta: -credits, reason: 'chat_text', reference }),
  )

/** A member who bought 100 credits, then 250 a day later, and spent all but `left` of their balance. */
async function buyer(name: string, left: number) {
  const m = await activeMember(t.app, { name })
  const older = await sandboxPurchase(t, testClock, m, { credits: 100 })
  testClock.advance(DAY)
  const newer = await sandboxPurchase(t, testClock, m, { credits: 250 })
  const balance = (await creditsOf(m.user.id)) ?? 0
  await spend(m.user.id, balance - left, `${name}-spent`)
  return { m, older, newer }
}

const deleteAccount = (m: { cookie: string; password: string }, extra: object = {}) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/user.php',
    headers: { host: 'localhost:3000', cookie: m.cookie },
    payload: { reason: 'time', password: m.password, ...extra },
  })

describe('the refund of unused credits at account deletion', () => {
  it('refunds the newest purchase first at the price paid, tells the member, and stays refunded on restore', async () => {
    const { m, older, newer } = await buyer('Closer', 300)
    // 300 left: the 250 of the newest purchase in full, and 50 of the older one.
    const offer = await t.app.services.closingRefunds.offer(m.user.id, 300)
    const olderShare = Math.round((older.bundle.amount * 50) / 100)
    expect(offer.lines).toEqual([
      { id: newer.payment, credits: 250, amount: newer.bundle.amount, currency: 'EUR' },
      { id: older.payment, credits: 50, amount: olderShare, currency: 'EUR' },
    ])

    expect((await deleteAccount(m)).json()).toEqual({ ok: true })
    expect(await creditsOf(m.user.id)).toBe(0)
    expect(await paymentRow(newer.payment)).toMatchObject({
      status: 'refunded',
      refunded_credits: 250,
      spent_credits: 0,
      refund_amount: newer.bundle.amount,
    })
    expect((await paymentRow(newer.payment))?.refund_id).toBeTruthy()
    expect(await paymentRow(older.payment)).toMatchObject({
      status: 'refunded',
      refunded_credits: 50,
      spent_credits: 50,
      refund_amount: olderShare,
    })
    const counts = await rows<{ ledger: number; audits: number }>(sql`select
      (select count(*)::int from credit_ledger where user_id = ${m.user.id} and reason = 'account_closed') as ledger,
      (select count(*)::int from audit_log where action = 'payment.closing_refund' and target_id in (${newer.payment}, ${older.payment})) as audits`)
    expect(counts[0]).toEqual({ ledger: 2, audits: 2 })

    const mail = await lastMailTo(t.database.db, m.email)
    expect(mail?.subject).toBe('Your LunaDate account has been deleted')
    const amount = `€${((newer.bundle.amount + olderShare) / 100).toFixed(2)}`
    expect(mail?.text).toContain(
      `We are refunding ${amount} for the 300 credits you had bought and not used.`,
    )
    expect(mail?.text).toContain('the refunded credits do not come back')

    // The provider confirmed both at once: nothing is owed.
    expect(await t.app.services.owedRefunds.payUnderWay()).toEqual({ asked: 0, refunded: 0 })

    const token = new URL(linkIn(mail?.text ?? '', '/account-deleted')).searchParams.get('token')
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/account-restore.php',
      payload: { token },
    })
    expect(restored.json()).toEqual({ ok: true })
    expect(await creditsOf(m.user.id)).toBe(0)
  })

  it('refunds nothing when the member unticks the box, nor free credits', async () => {
    const kept = await buyer('Keeper', 120)
    await deleteAccount(kept.m, { refund: false })
    expect(await creditsOf(kept.m.user.id)).toBe(120)
    expect(await paymentRow(kept.newer.payment)).toMatchObject({ status: 'paid', closing_refund_at: null })
    expect((await lastMailTo(t.database.db, kept.m.email))?.text).not.toContain('refunding')

    // Only free credits left: the welcome credits are spent first, so nothing bought is left.
    const free = await activeMember(t.app, { name: 'Freebie' })
    expect(
      (await t.app.services.closingRefunds.offer(free.user.id, (await creditsOf(free.user.id)) ?? 0)).lines,
    ).toEqual([])
  })

  it('keeps an owed refund until the provider confirms it, and the account until then', async () => {
    let down = true
    const { m, newer } = await buyer('Patient', 250)
    const psp = sandboxProvider(newer.psp)
    const owed = createOwedRefunds(t.database.db, {
      provider: {
        ...psp,
        async refund(args) {
          if (down) throw new Error('timeout: the provider did not answer in time')
          return psp.refund(args)
        },
      },
      events: t.app.services.events,
      now: testClock.now,
      log: t.app.log,
    })
    const settings = createAccountSettingsService(t.database.db, {
      mail: t.app.services.mail,
      media: localMediaStore(mkdtempSync(join(tmpdir(), 'closing-'))),
      now: testClock.now,
      sessionsEnded: () => {},
      closingRefunds: createClosingRefunds(t.database.db, { owed }),
    })
    const site = t.app.services.sites.list()[0]
    if (!site) throw new Error('no site')
    const from = {
      site,
      locale: 'en' as const,
      origin: 'http://localhost:3000',
      ip: '127.0.0.1',
      country: null,
      detectedCountry: null,
      network: null,
      device: null,
    }
    await settings.deleteAccount(
      { userId: m.user.id, siteId: site.id },
      { reason: 'time', password: m.password, refund: true },
      from,
    )
    // Recorded and told: the credits are gone and the refund is owed.
    expect(await creditsOf(m.user.id)).toBe(0)
    expect(await paymentRow(newer.payment)).toMatchObject({
      status: 'paid',
      refund_id: null,
      refunded_credits: 250,
    })
    expect((await lastMailTo(t.database.db, m.email))?.text).toContain('for the 250 credits you had bought')
    // Fourteen days on, the account is not erased while its refund is owed.
    testClock.advance(15 * DAY)
    await t.database.db.execute(
      sql`update users set deleted_at = ${new Date(testClock.now().getTime() - 15 * DAY)} where id = ${m.user.id}`,
    )
    await settings.purgeExpiredDeletions()
    expect(await creditsOf(m.user.id)).toBe(0)
    expect(await owed.payUnderWay()).toMatchObject({ refunded: 0 })
    down = false
    expect(await owed.payUnderWay()).toMatchObject({ refunded: 1 })
    expect(await paymentRow(newer.payment)).toMatchObject({ status: 'refunded' })
    // Paid: now the account goes, with its payments.
    await settings.purgeExpiredDeletions()
    expect(await creditsOf(m.user.id)).toBeUndefined()
  })
})
