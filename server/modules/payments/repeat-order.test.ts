import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema/members.ts'
import type { TestCard } from '#server/modules/sandbox-psp/sandbox-psp.service.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { sandboxPayments } from '../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
let clock = new Date('2026-11-22T10:00:00Z')
type Member = Awaited<ReturnType<typeof activeMember>>

beforeAll(async () => {
  t = await createTestApp()
})

afterAll(async () => {
  await t.close()
})

const setup = () => sandboxPayments(t, () => clock)

const site = () => t.app.services.sites.list()[0]
const settle = () => {
  clock = new Date(clock.getTime() + 2500)
}

async function credits(member: Member) {
  const [row] = await t.database.db
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, member.user.id))
  return row.credits
}

/** Buys a bundle at the sandbox checkout (Pay, with a test card) and lets it settle. */
async function buy(
  s: ReturnType<typeof setup>,
  member: Member,
  credits: number,
  method: string,
  card: TestCard,
) {
  const res = await t.app.inject({ url: '/api/credits.php', headers: { cookie: member.cookie } })
  const bundle = res.json().packages.find((p: { credits: number }) => p.credits === credits)
  const created = await s.payments.start({ userId: member.user.id, siteId: site().id }, site(), {
    package: bundle.id,
    method,
    locale: 'en',
    origin: 'https://lunadate.com',
  })
  await s.psp.act(created.checkout_url.split('/').pop() ?? '', 'pay', card)
  settle()
  expect((await s.payments.get({ userId: member.user.id }, created.payment_id)).status).toBe('paid')
  return bundle
}

describe('repeat order', () => {
  it('buys the last bundle again on the saved card in one step', async () => {
    const s = setup()
    const m = await activeMember(t.app, { name: 'Again' })
    const start = await credits(m)
    await buy(s, m, 100, 'creditcard', '4242')
    const bundle = await buy(s, m, 250, 'paypal', '4242')
    // PayPal saved nothing; the card is the one of the first purchase, the bundle the last one.
    const offer = await s.payments.repeatOffer({ userId: m.user.id }, site())
    expect(offer).toMatchObject({
      package: bundle.id,
      credits: 250,
      method: 'creditcard',
      card: '••••\u00a04242',
    })
    // Three presses at once buy once.
    const presses = await Promise.all(
      [1, 2, 3].map(() =>
        s.payments.repeat({ userId: m.user.id }, site(), 'https://lunadate.com', { locale: 'en' }),
      ),
    )
    const again = presses[0]
    expect(new Set(presses.map((p) => p.payment_id)).size).toBe(1)
    expect(again.checkout_url).toBe(`https://lunadate.com/credits/repeat-order?payment=${again.payment_id}`)
    expect((await s.payments.get({ userId: m.user.id }, again.payment_id)).status).toBe('pending')
    settle()
    expect((await s.payments.get({ userId: m.user.id }, again.payment_id)).status).toBe('paid')
    expect(await credits(m)).toBe(start + 100 + 250 + 250)
  })

  it('fails on a card that declines later charges, and does not offer that card again', async () => {
    const s = setup()
    const m = await activeMember(t.app, { name: 'Declined' })
    await buy(s, m, 100, 'creditcard', '0341')
    const before = await credits(m)
    expect(await s.payments.repeatOffer({ userId: m.user.id }, site())).toMatchObject({
      card: '••••\u00a00341',
    })
    const again = await s.payments.repeat({ userId: m.user.id }, site(), 'https://lunadate.com', {
      locale: 'en',
    })
    expect((await s.payments.get({ userId: m.user.id }, again.payment_id)).status).toBe('failed')
    expect(await credits(m)).toBe(before)
    expect(await s.payments.repeatOffer({ userId: m.user.id }, site())).toBeNull()
    await expect(
      s.payments.repeat({ userId: m.user.id }, site(), 'https://x.test', { locale: 'en' }),
    ).rejects.toMatchObject({
      code: 'payments.no_saved_card',
    })
  })

  it('offers nothing without a saved card, over HTTP too', async () => {
    const s = setup()
    const m = await activeMember(t.app, { name: 'Nocard' })
    expect(await s.payments.repeatOffer({ userId: m.user.id }, site())).toBeNull()
    await buy(s, m, 100, 'paypal', '4242')
    const res = await t.app.inject({ url: '/api/repeat-order.php', headers: { cookie: m.cookie } })
    expect(res.json()).toEqual({ offer: null })
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/repeat-order.php',
      headers: { cookie: `${m.cookie}; i18n_redirected=fr` },
    })
    expect(post.statusCode).toBe(409)
    expect(post.json().error.message).toMatch(/pas encore de carte/)
    expect((await t.app.inject({ url: '/api/repeat-order.php' })).statusCode).toBe(403)
  })
})
