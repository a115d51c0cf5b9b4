import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TIME_BONUS_CODE, TIME_BONUS_WINDOW_SECONDS } from '#common/constants.ts'
import { discounted } from '#common/money.ts'
import { smsOutbox } from '#server/db/schema/accounts.ts'
import { creditPackages, directDebitRequests, payments as paymentsTable } from '#server/db/schema/payments.ts'
import { createSpendingService } from '#server/modules/spending/spending.service.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { directDebitDetails, sandboxPayments } from '../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createDirectDebitService } from './direct-debit.service.ts'

// The welcome time bonus and typed codes apply to SEPA direct debit as to every other method: the
// strip above the page promises 25 % off the first credits whatever the member pays with.

let t: TestApp
let clock = new Date('2030-03-04T09:00:00Z')
type Member = Awaited<ReturnType<typeof activeMember>>

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
})
afterAll(() => t.close())

const site = () => t.app.services.sites.list()[0]
const failure = (p: Promise<unknown>) =>
  p.then(() => null).catch((e: { code?: string }) => e.code ?? String(e))

function setup() {
  const { payments } = sandboxPayments(t, () => clock)
  const directDebit = createDirectDebitService(t.database.db, {
    payments,
    spending: createSpendingService(t.database.db, { now: () => clock }),
    now: () => clock,
    mail: t.app.services.mail,
  })
  return { payments, directDebit }
}

async function bundleOf(m: Member, credits = 100) {
  const res = await t.app.inject({ url: '/api/credits.php', headers: { cookie: m.cookie } })
  return res.json().packages.find((p: { credits: number }) => p.credits === credits) as {
    id: number
    amount: number
  }
}

let phones = 0
/** The account details with a number of the request's own (one number gets 3 codes an hour). */
const details = (pkg: number, code?: string) => ({
  ...directDebitDetails(pkg, `+316${String(20_000_000 + ++phones * 7919).slice(-8)}`),
  ...(code ? { code } : {}),
})

async function smsTo(phone: string) {
  return t.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.toPhone, phone))
    .orderBy(desc(smsOutbox.id))
}

async function paymentsOf(m: Member) {
  return t.database.db.select().from(paymentsTable).where(eq(paymentsTable.userId, m.user.id))
}

/** Asks for the code with the account details, then confirms with the code the SMS carried. */
async function requestAndConfirm(s: ReturnType<typeof setup>, m: Member, pkg: number, code?: string) {
  const input = details(pkg, code)
  const requested = await s.directDebit.request({ userId: m.user.id }, site(), input, 'en')
  const [sms] = await smsTo(input.phone)
  const otp = sms.text.match(/\b\d{6}\b/)?.[0] ?? ''
  const confirm = () =>
    s.directDebit.confirm(
      { userId: m.user.id },
      site(),
      { request_id: requested.request_id, otp },
      'https://lunadate.com',
      { locale: 'en' },
    )
  return { requested, confirm }
}

describe('a discount paid by direct debit', () => {
  it('charges the time bonus’s price, says it before the code is typed, and uses the bonus up', async () => {
    const s = setup()
    const m = await activeMember(t.app, { name: 'Sepabonus' })
    const bundle = await bundleOf(m)
    const price = discounted(bundle.amount, 25)
    const { requested, confirm } = await requestAndConfirm(s, m, bundle.id, TIME_BONUS_CODE)
    expect(requested).toMatchObject({ amount: price, currency: 'EUR', code: TIME_BONUS_CODE })
    const created = await confirm()
    expect(await paymentsOf(m)).toEqual([
      expect.objectContaining({
        id: created.payment_id,
        method: 'sdd',
        amount: price,
        listAmount: bundle.amount,
        discountCode: TIME_BONUS_CODE,
        discountPercentage: 25,
      }),
    ])
    clock = new Date(clock.getTime() + 2500)
    expect(await s.payments.get({ userId: m.user.id }, created.payment_id)).toMatchObject({ status: 'paid' })
    // Paid: the bonus was the first purchase's, by any method.
    expect(
      await failure(
        s.directDebit.request({ userId: m.user.id }, site(), details(bundle.id, TIME_BONUS_CODE), 'en'),
      ),
    ).toBe('discount.first_purchase_only')
  })

  it('refuses a code that does not apply before any SMS goes out', async () => {
    const s = setup()
    const m = await activeMember(t.app, { name: 'Sepanocode' })
    const bundle = await bundleOf(m)
    const input = details(bundle.id, 'NOSUCHCODE')
    expect(await failure(s.directDebit.request({ userId: m.user.id }, site(), input, 'en'))).toBe(
      'discount.not_found',
    )
    expect(await smsTo(input.phone)).toEqual([])
    // Over HTTP, in the member's language.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/directdebit.php',
      headers: { cookie: `${m.cookie}; i18n_redirected=fr` },
      payload: details(bundle.id, 'NOSUCHCODE'),
      remoteAddress: '10.78.0.1',
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().error.message).toBe('Code introuvable')
  })

  it('refuses, charging nothing, a bonus that ended between the SMS and the code', async () => {
    const s = setup()
    const m = await activeMember(t.app, { name: 'Sepalate' })
    const bundle = await bundleOf(m)
    // A minute before the bonus ends, the code goes out at the bonus's price.
    clock = new Date(clock.getTime() + (TIME_BONUS_WINDOW_SECONDS - 60) * 1000)
    const { requested, confirm } = await requestAndConfirm(s, m, bundle.id, TIME_BONUS_CODE)
    expect(requested.amount).toBe(discounted(bundle.amount, 25))
    clock = new Date(clock.getTime() + 2 * 60 * 1000)
    expect(await failure(confirm())).toBe('directdebit.discount_ended')
    expect(await paymentsOf(m)).toEqual([])
    const [request] = await t.database.db
      .select()
      .from(directDebitRequests)
      .where(and(eq(directDebitRequests.id, requested.request_id), eq(directDebitRequests.attempts, 0)))
    expect(request).toMatchObject({ confirmedAt: null, discountCode: TIME_BONUS_CODE })
    // Without the bonus the member may still pay the list price.
    const again = await requestAndConfirm(s, m, bundle.id)
    expect(again.requested.amount).toBe(bundle.amount)
    await again.confirm()
    expect(await paymentsOf(m)).toEqual([
      expect.objectContaining({ amount: bundle.amount, discountCode: null }),
    ])
  })

  it('charges what the code’s form said or nothing: a bundle whose price changed after the SMS is refused', async () => {
    const s = setup()
    const m = await activeMember(t.app, { name: 'Sepaprice' })
    const bundle = await bundleOf(m, 250)
    const { requested, confirm } = await requestAndConfirm(s, m, bundle.id, TIME_BONUS_CODE)
    const setPrice = (amount: number) =>
      t.database.db.update(creditPackages).set({ amount }).where(eq(creditPackages.id, bundle.id))
    await setPrice(bundle.amount + 500)
    try {
      const refused = await confirm().catch((e: { code: string; values: Record<string, string> }) => e)
      expect(refused).toMatchObject({
        code: 'directdebit.price_changed',
        values: { price: `€${(discounted(bundle.amount + 500, 25) / 100).toFixed(2)}` },
      })
      expect(await paymentsOf(m)).toEqual([])
    } finally {
      await setPrice(bundle.amount)
    }
    // Back at the price the form said, the same code confirms it.
    await confirm()
    expect(await paymentsOf(m)).toEqual([expect.objectContaining({ amount: requested.amount })])
  })

  it('takes the bonus over from a checkout the member left open', async () => {
    const s = setup()
    const m = await activeMember(t.app, { name: 'Sepaleft' })
    const bundle = await bundleOf(m)
    const left = await s.payments.start({ userId: m.user.id, siteId: site().id }, site(), {
      package: bundle.id,
      method: 'ideal',
      code: TIME_BONUS_CODE,
      locale: 'en',
      origin: 'https://lunadate.com',
    })
    const { confirm } = await requestAndConfirm(s, m, bundle.id, TIME_BONUS_CODE)
    const created = await confirm()
    const rows = await paymentsOf(m)
    expect(rows.find((p) => p.id === left.payment_id)?.status).toBe('canceled')
    expect(rows.find((p) => p.id === created.payment_id)).toMatchObject({
      amount: discounted(bundle.amount, 25),
      discountCode: TIME_BONUS_CODE,
    })
  })
})
