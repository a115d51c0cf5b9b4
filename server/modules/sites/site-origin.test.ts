import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payments, sandboxPayments } from '#server/db/schema/payments.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { lastMailTo, linkIn } from '../../../tests/support/mail.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// No absolute link or callback is built from the request's Host header (issue 13, point 3).

describe.each<{ name: string; env: Record<string, string>; origin: string }>([
  { name: 'no PUBLIC_URL', env: {}, origin: 'https://lunadate.com' },
  {
    name: 'PUBLIC_URL',
    env: { PUBLIC_URL: 'https://staging.lunadate.com/' },
    origin: 'https://staging.lunadate.com',
  },
])('links with $name', ({ env, origin }) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env })
  })
  afterAll(() => t.close())

  it('mails a reset link to the site, whatever Host the request named', async () => {
    const m = await activeMember(t.app)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset.php',
      payload: { email: m.email },
      headers: { host: 'attacker.example' },
    })
    expect(res.statusCode).toBe(200)
    await t.app.services.passwords.idle()
    const link = new URL(linkIn((await lastMailTo(t.database.db, m.email))?.text ?? '', '/reset-password/do'))
    expect(link.origin).toBe(origin)
  })

  it("gives the payment provider the site's webhook and return addresses", async () => {
    const m = await activeMember(t.app, { name: 'Payer' })
    const bundles = await t.app.inject({ url: '/api/credits.php', headers: { cookie: m.cookie } })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment.php',
      payload: { package: bundles.json().packages[0].id, method: 'ideal' },
      headers: { cookie: m.cookie, host: 'attacker.example:8080', 'x-forwarded-host': 'evil.example' },
    })
    expect(res.statusCode).toBe(200)
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, res.json().payment_id))
    const [row] = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, payment.providerId ?? ''))
    expect(new URL(row.webhookUrl).origin).toBe(origin)
    expect(new URL(row.redirectUrl).origin).toBe(origin)
  })

  it("points a brand's links at its own domain, and an unknown host's at the default site", async () => {
    const email = `brand-${Date.now()}-${Math.random()}@example.com`
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      payload: {
        email,
        name: 'Camille',
        password: 'amber-lantern-77',
        date_of_birth: '1990-02-03',
        gender: 'female',
      },
      headers: { host: 'www.rendezvous-secret.fr' },
      remoteAddress: '127.9.0.1',
    })
    expect(signup.statusCode).toBe(201)
    const mail = await lastMailTo(t.database.db, email)
    expect(new URL(linkIn(mail?.text ?? '', '/api/activate.php')).origin).toBe('https://rendezvous-secret.fr')
    const settings = await t.app.inject({ url: '/api/settings.php', headers: { host: 'unknown.example' } })
    expect(settings.json().domain).toBe('lunadate.com')
  })
})
