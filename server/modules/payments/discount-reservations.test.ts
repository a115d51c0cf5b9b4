import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditPackages, discountCodes, payments as paymentsTable } from '#server/db/schema/payments.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { sandboxPayments } from '../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// Single-use discount codes are used once (issue 13, point 4), and a member buys only the bundles
// of their site and currency (point 5).

let t: TestApp
let clock = new Date('2030-05-06T07:08:09Z')
type Member = Awaited<ReturnType<typeof activeMember>>

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
})
afterAll(() => t.close())

const site = () => t.app.services.sites.list()[0]
const as = (m: Member) => ({ userId: m.user.id, siteId: site().id })
const failure = (p: Promise<unknown>) =>
  p.then(() => null).catch((e: { code?: string }) => e.code ?? String(e))

async function bundleOf(m: Member, credits = 500) {
  const res = await t.app.inject({ url: '/api/credits.php', headers: { cookie: m.cookie } })
  return res.json().packages.find((p: { credits: number }) => p.credits === credits) as { id: number }
}

async function providerIdOf(paymentId: string) {
  const [row] = await t.database.db.select().from(paymentsTable).where(eq(paymentsTable.id, paymentId))
  return row.providerId ?? ''
}

function setup() {
  return sandboxPayments(t, () => clock)
}

/** A payment of a bundle by iDEAL with a discount code. */
function buyWithCode(s: ReturnType<typeof setup>, m: Member, packageId: number, code: string) {
  return s.payments.start(as(m), site(), {
    package: packageId,
    method: 'ideal',
    code,
    locale: 'en',
    origin: 'https://lunadate.com',
  })
}

describe('single-use discount codes', () => {
  it('TIMEBONUS25 is held by one payment at a time, however many start at once; a failed one gives it back', async () => {
    const s = setup()
    const m = await activeMember(t.app, { name: 'Timebonus' })
    const bundle = await bundleOf(m)
    const start = () => buyWithCode(s, m, bundle.id, 'TIMEBONUS25')
    const outcomes = await Promise.allSettled([start(), start(), start()])
    const made = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []))
    // Started at once, checkouts take the code over from one another or are refused it: in the end
    // exactly one open payment holds it, any other made is cancelled.
    expect(made.length).toBeGreaterThanOrEqual(1)
    expect(
      outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as { code: string }).code] : [])),
    ).toEqual(Array(3 - made.length).fill('discount.used'))
    const statuses = await Promise.all(
      made.map(async (p) => (await s.payments.get(as(m), p.payment_id)).status),
    )
    expect(statuses.filter((status) => status === 'open')).toHaveLength(1)
    expect(statuses.filter((status) => status !== 'open').every((status) => status === 'canceled')).toBe(true)
    const open = made[statuses.indexOf('open')]
    // A later checkout takes the code over: the one left open is cancelled, here and at the provider.
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/payment.php',
      payload: { package: bundle.id, method: 'ideal', code: 'TIMEBONUS25' },
      headers: { cookie: m.cookie },
    })
    expect(later.statusCode, later.body).toBe(200)
    expect((await s.payments.get(as(m), open.payment_id)).status).toBe('canceled')
    expect((await s.psp.status(await providerIdOf(open.payment_id)))?.status).toBe('canceled')
    // The payment that holds it now failed: the code is free again, for one payment.
    const holder = later.json().payment_id as string
    await s.psp.act(await providerIdOf(holder), 'fail')
    expect((await s.payments.get(as(m), holder)).status).toBe('failed')
    await expect(start()).resolves.toMatchObject({ payment_id: expect.any(String) })
  })

  it('a checkout left by going back is taken over by the next one: the bonus goes along, nothing is charged twice', async () => {
    const s = setup()
    const m = await activeMember(t.app, { name: 'Abandoned' })
    const bundle = await bundleOf(m)
    const start = () => buyWithCode(s, m, bundle.id, 'TIMEBONUS25')
    const first = await start()
    // The pricing page still offers the bonus while that checkout is open: the next one takes it.
    const welcome = await t.app.inject({
      url: '/api/discountcode.php?welcome=true',
      headers: { cookie: m.cookie },
    })
    expect(welcome.json()).toMatchObject({ code: 'TIMEBONUS25', expired: false })
    const second = await start()
    expect((await s.payments.get(as(m), first.payment_id)).status).toBe('canceled')
    await s.psp.act(await providerIdOf(second.payment_id), 'pay')
    clock = new Date(clock.getTime() + 3000)
    expect((await s.payments.get(as(m), second.payment_id)).status).toBe('paid')
    const [paid] = await t.database.db
      .select()
      .from(paymentsTable)
      .where(eq(paymentsTable.id, second.payment_id))
    expect(paid.discountCode).toBe('TIMEBONUS25')
    // Paid once, the bonus is gone for good (a first purchase only).
    expect(await failure(start())).toBe('discount.first_purchase_only')
  })

  it('a checkout left open gives the code back once the provider expired it', async () => {
    const s = setup()
    const m = await activeMember(t.app, { name: 'Expired' })
    const bundle = await bundleOf(m)
    const start = () => buyWithCode(s, m, bundle.id, 'TIMEBONUS25')
    const first = await start()
    clock = new Date(clock.getTime() + 16 * 60_000)
    await expect(start()).resolves.toMatchObject({ payment_id: expect.any(String) })
    const [row] = await t.database.db
      .select()
      .from(paymentsTable)
      .where(eq(paymentsTable.id, first.payment_id))
    expect(row.status).toBe('expired')
  })

  it('a personal stay code is paid at a discount once, and the offer is made once', async () => {
    const s = setup()
    const m = await activeMember(t.app, { name: 'Staying' })
    const offer = await t.app.inject({
      method: 'POST',
      url: '/api/discountcode.php',
      payload: { offer: 'stay' },
      headers: { cookie: m.cookie },
    })
    const code = offer.json().code as string
    const bundle = await bundleOf(m)
    const start = () => buyWithCode(s, m, bundle.id, code)
    const outcomes = await Promise.allSettled([start(), start(), start()])
    const made = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []))
    // One open payment holds it in the end (the others made were taken over and cancelled).
    const statuses = await Promise.all(
      made.map(async (p) => (await s.payments.get(as(m), p.payment_id)).status),
    )
    expect(statuses.filter((status) => status === 'open')).toHaveLength(1)
    const holder = made[statuses.indexOf('open')]
    await s.psp.act(await providerIdOf(holder.payment_id), 'pay')
    clock = new Date(clock.getTime() + 3000)
    expect((await s.payments.get(as(m), holder.payment_id)).status).toBe('paid')
    expect(await failure(start())).toBe('discount.used')
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/discountcode.php',
      payload: { offer: 'stay' },
      headers: { cookie: m.cookie },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe('discount.used')
    const codes = await t.database.db
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.userId, m.user.id)))
    expect(codes).toHaveLength(1)
  })
})

describe('bundles a member may buy', () => {
  it('only those of their site, in their currency', async () => {
    const m = await activeMember(t.app, { name: 'Dutch' })
    const [gbp] = await t.database.db
      .select()
      .from(creditPackages)
      .where(and(eq(creditPackages.siteId, site().id), eq(creditPackages.currency, 'GBP')))
    const [otherSite] = await t.database.db
      .select()
      .from(creditPackages)
      .where(eq(creditPackages.siteId, t.app.services.sites.list()[1].id))
    for (const id of [gbp.id, otherSite.id]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payment.php',
        payload: { package: id, method: 'ideal' },
        headers: { cookie: m.cookie },
      })
      expect(res.statusCode).toBe(404)
      expect(res.json().error.code).toBe('payments.package_not_found')
    }
    const own = await bundleOf(m)
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/payment.php',
      payload: { package: own.id, method: 'ideal' },
      headers: { cookie: m.cookie },
    })
    expect(ok.statusCode).toBe(200)
  })
})
