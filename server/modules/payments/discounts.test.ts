import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TIME_BONUS_CODE, WELCOME_DISCOUNT_PERCENT } from '#common/constants.ts'
import { users } from '#server/db/schema/members.ts'
import { discountCodes } from '#server/db/schema/payments.ts'
import { createSpendingService } from '#server/modules/spending/spending.service.ts'
import { activeMember, logIn } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createDiscountsService } from './discounts.service.ts'

let t: TestApp
let clock = new Date()
const failure = (p: Promise<unknown>) => p.then(() => null).catch((e: { code?: string }) => e.code)

beforeAll(async () => {
  t = await createTestApp()
})

afterAll(async () => {
  await t.close()
})

async function signedUpAt(member: Awaited<ReturnType<typeof activeMember>>) {
  const [row] = await t.database.db
    .select({ at: users.signupDate })
    .from(users)
    .where(eq(users.id, member.user.id))
  return row.at
}

describe('the welcome time bonus', () => {
  // spec: PROD-6, STATE-5, STATE-7, CONST-3
  it('is TIMEBONUS25 for an unpaid member up to 14,400 s after signing up, then gone', async () => {
    const discounts = createDiscountsService(t.database.db, {
      now: () => clock,
      spending: createSpendingService(t.database.db, { now: () => clock }),
    })
    const m = await activeMember(t.app, { name: 'Newcomer' })
    const signup = await signedUpAt(m)
    clock = signup
    const atZero = await discounts.welcome(m.user.id)
    expect(atZero).toMatchObject({
      code: TIME_BONUS_CODE,
      value_percentage: WELCOME_DISCOUNT_PERCENT,
      validity: 'once_per_user',
      expired: false,
    })
    expect(new Date(atZero.expires ?? 0).getTime() - signup.getTime()).toBe(14_400_000)
    expect(atZero.expires_in).toBe(14_400)
    clock = new Date(signup.getTime() + 14_399_000)
    expect(await discounts.welcome(m.user.id)).toMatchObject({ expired: false, expires_in: 1 })
    clock = new Date(signup.getTime() + 14_401_000)
    expect(await failure(discounts.welcome(m.user.id))).toBe('discount.expired')
  })

  it('has one deadline, fixed at sign-up, whatever the session or device asks (ADR 32)', async () => {
    const m = await activeMember(t.app, { name: 'TwoDevices' })
    const ask = async (cookie: string) =>
      (await t.app.inject({ url: '/api/discountcode.php?welcome=true', headers: { cookie } })).json()
    const first = await ask(m.cookie)
    // Another device: a login of its own, with no cookie of the first.
    const login = await logIn(t.app, m)
    const other = await ask(String(login.headers['set-cookie']).split(';')[0])
    expect(other.expires).toBe(first.expires)
    expect(new Date(first.expires).getTime() - (await signedUpAt(m)).getTime()).toBe(14_400_000)
    expect(Math.abs(other.expires_in - first.expires_in)).toBeLessThanOrEqual(5)
  })

  // spec: STATE-5, ROLE-3
  it('is not for paid members', async () => {
    const discounts = createDiscountsService(t.database.db, {
      now: () => clock,
      spending: createSpendingService(t.database.db, { now: () => clock }),
    })
    const m = await activeMember(t.app, { name: 'Payer' })
    clock = await signedUpAt(m)
    await t.database.db.update(users).set({ paidUser: true }).where(eq(users.id, m.user.id))
    expect(await failure(discounts.welcome(m.user.id))).toBe('discount.first_purchase_only')
  })
})

describe('discount codes', () => {
  beforeAll(async () => {
    await t.database.db.insert(discountCodes).values([
      { code: 'SPRING10', valuePercentage: 10, validity: 'unlimited' },
      { code: 'OLD20', valuePercentage: 20, expires: new Date('2020-01-01T00:00:00Z') },
      { code: 'FRANCE15', valuePercentage: 15, country: 'FR' },
      { code: 'BIG30', valuePercentage: 30, currency: 'EUR', minimumOrderValue: 3000 },
      { code: 'PAYPAL5', valuePercentage: 5, paymentMethods: ['paypal'] },
      { code: 'PAUSED', valuePercentage: 50, status: 'inactive' },
    ])
  })

  // spec: DATA-9, VAL-6
  it('answers Code not found, expiry, country, minimum order and method rules', async () => {
    clock = new Date()
    const discounts = createDiscountsService(t.database.db, {
      now: () => clock,
      spending: createSpendingService(t.database.db, { now: () => clock }),
    })
    const m = await activeMember(t.app, { name: 'Saver' })
    const small = { amount: 995, currency: 'EUR', method: 'creditcard' }
    expect(await failure(discounts.check(m.user.id, 'NOPE', small))).toBe('discount.not_found')
    expect(await failure(discounts.check(m.user.id, 'PAUSED', small))).toBe('discount.not_found')
    expect(await failure(discounts.check(m.user.id, 'OLD20', small))).toBe('discount.expired')
    const country = m.user.profile.country
    expect(await failure(discounts.check(m.user.id, 'FRANCE15', small))).toBe(
      country === 'FR' ? null : 'discount.country',
    )
    expect(await failure(discounts.check(m.user.id, 'BIG30', small))).toBe('discount.minimum')
    expect((await discounts.check(m.user.id, 'big30', { ...small, amount: 3495 })).value_percentage).toBe(30)
    expect(await failure(discounts.check(m.user.id, 'PAYPAL5', small))).toBe('discount.method')
    expect((await discounts.check(m.user.id, 'spring10', small)).code).toBe('SPRING10')
  })

  it('applies at checkout, and a once-per-member code is used up by a paid payment', async () => {
    const m = await activeMember(t.app, { name: 'Checkout' })
    const credits = (await t.app.inject({ url: '/api/credits.php', headers: { cookie: m.cookie } })).json()
    const bundle = credits.packages.find((p: { credits: number }) => p.credits === 500)
    const check = await t.app.inject({
      url: `/api/discountcode.php?code=TIMEBONUS25&package=${bundle.id}&method=creditcard`,
      headers: { cookie: m.cookie },
    })
    expect(check.statusCode).toBe(200)
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payment.php',
      payload: { package: bundle.id, method: 'creditcard', code: 'TIMEBONUS25' },
      headers: { cookie: m.cookie },
    })
    expect(created.statusCode).toBe(200)
    const checkout = created.json().checkout_url
    const page = await t.app.inject({ url: checkout })
    expect(page.body).toContain(`€${((bundle.amount * 0.75) / 100).toFixed(2)}`)
    await t.app.inject({
      method: 'POST',
      url: checkout,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    // Settles after 2 s at the sandbox PSP; the status call then grants and records the code.
    await new Promise((r) => setTimeout(r, 2200))
    const status = await t.app.inject({
      url: `/api/payment.php?id=${created.json().payment_id}`,
      headers: { cookie: m.cookie },
    })
    expect(status.json()).toMatchObject({ status: 'paid', amount: Math.round(bundle.amount * 0.75) })
    const again = await t.app.inject({
      url: '/api/discountcode.php?code=TIMEBONUS25',
      headers: { cookie: m.cookie },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe('This code is for a first purchase only.')
    // Were the member unpaid again, the code would still be used up.
    await t.database.db.update(users).set({ paidUser: false }).where(eq(users.id, m.user.id))
    const used = await t.app.inject({
      url: '/api/discountcode.php?code=timebonus25',
      headers: { cookie: m.cookie },
    })
    expect(used.json().error).toMatchObject({ code: 'discount.used', message: 'Code already used' })
    const spring = await t.app.inject({
      url: '/api/discountcode.php?code=NOPE',
      headers: { cookie: m.cookie },
    })
    expect(spring.json().error.message).toBe('Code not found')
  })
})

describe('the delete-account offer', () => {
  it('gives the member a code of their own for the company delete_discount, once, for a week', async () => {
    clock = new Date()
    const discounts = createDiscountsService(t.database.db, {
      now: () => clock,
      spending: createSpendingService(t.database.db, { now: () => clock }),
    })
    const m = await activeMember(t.app, { name: 'Leaving' })
    const other = await activeMember(t.app, { name: 'Other' })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/discountcode.php',
      payload: { offer: 'stay' },
      headers: { cookie: m.cookie },
    })
    const code = res.json()
    expect(code).toMatchObject({ value_percentage: 50, user_id: m.user.id, validity: 'once' })
    expect(code.code).toMatch(/^STAY50-[0-9A-F]{8}$/)
    expect(new Date(code.expires).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000)
    // Asking again gives the same code; it is nobody else's.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/discountcode.php',
      payload: { offer: 'stay' },
      headers: { cookie: m.cookie },
    })
    expect(again.json().code).toBe(code.code)
    expect((await discounts.check(m.user.id, code.code, null)).code).toBe(code.code)
    expect(await failure(discounts.check(other.user.id, code.code, null))).toBe('discount.not_found')
  })
})
