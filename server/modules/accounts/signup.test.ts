import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { User } from '#common/schemas/accounts.ts'
import { queryRows } from '#server/db/client.ts'
import { creditLedger } from '#server/db/schema/accounts.ts'
import { users } from '#server/db/schema/members.ts'
import { lastMailTo, linkIn } from '../../../tests/support/mail.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
let n = 0
let calls = 0
const email = () => `new-member-${++n}@example.com`
const valid = (overrides: Record<string, unknown> = {}) => ({
  email: email(),
  name: 'Camille',
  password: 'violet-harbour-42',
  date_of_birth: '1992-04-18',
  gender: 'female',
  sexuality: 'straight',
  ...overrides,
})

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

function signup(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  // Each sign-up from its own address: the route allows 10 an hour per address.
  return t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    payload: body,
    headers: { host: 'localhost:3000', ...headers },
    remoteAddress: `127.0.${Math.floor(++calls / 250)}.${calls % 250}`,
  })
}

describe('POST /api/signup.php', () => {
  it('allows 10 sign-ups an hour from one address', async () => {
    const from = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/signup.php', payload: body, remoteAddress: '127.9.9.9' })
    for (let i = 0; i < 10; i++) expect((await from(valid())).statusCode).toBe(201)
    const refused = await from(valid())
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.code).toBe('request.rate_limited')
  })

  // spec: CONST-6, VAL-8, DATA-1
  it('creates a not-confirmed member with a 30-day session cookie and the signup credits', async () => {
    const body = valid({ network: 'adnet', ref: 'summer' })
    const res = await signup(body)
    expect(res.statusCode).toBe(201)
    const user = User.parse(res.json().user)
    expect(user).toMatchObject({
      email: body.email,
      status: 'not_confirmed',
      credits: 20,
      paid_user: false,
      language: 'en',
    })
    expect(user.profile).toMatchObject({ name: 'Camille', status: 'disabled' })
    const cookie = res.cookies.find((c) => c.name === 'auth.session')
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 30 * 86_400 })
    expect(cookie?.secure).toBeFalsy()
    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))
    expect(ledger).toEqual([expect.objectContaining({ delta: 20, balanceAfter: 20, reason: 'signup' })])
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id))
    expect(row.tracking).toEqual({ network: 'adnet', ref: 'summer' })
    expect(row.termsVersion?.toISOString()).toBe('2024-03-15T09:00:00.000Z')
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })

  it('places a new member in their detected country, else in the one their browser languages name', async () => {
    const countryOf = async (headers: Record<string, string>, body: Record<string, unknown> = {}) => {
      const res = await signup(valid(body), headers)
      expect(res.statusCode).toBe(201)
      return res.json().user.profile.country
    }
    expect(await countryOf({ 'cf-ipcountry': 'GB', 'accept-language': 'fr-BE' })).toBe('GB')
    expect(await countryOf({ 'accept-language': 'fr-BE,fr;q=0.9' })).toBe('BE')
    expect(await countryOf({ 'accept-language': 'fr' })).toBe('FR')
    // Issue 56: an English browser in Paris is in France, not in the United Kingdom; GeoIP still
    // comes first, and a zone of no served country leaves the languages' guess.
    const guessed = await countryOf({ 'accept-language': 'en-US,en;q=0.9' })
    expect(guessed).not.toBe('FR')
    expect(await countryOf({ 'accept-language': 'en-US,en;q=0.9' }, { time_zone: 'Europe/Paris' })).toBe('FR')
    expect(await countryOf({ 'cf-ipcountry': 'BE' }, { time_zone: 'Europe/Paris' })).toBe('BE')
    expect(await countryOf({ 'accept-language': 'en-US,en;q=0.9' }, { time_zone: 'Asia/Tokyo' })).toBe(
      guessed,
    )
    expect((await signup(valid({ time_zone: 'Mars/Olympus' }))).statusCode).toBe(400)
  })

  it('stores only a hash of the session token', async () => {
    const res = await signup(valid())
    const token = res.cookies.find((c) => c.name === 'auth.session')?.value ?? ''
    const stored = await queryRows<{ token_hash: string }>(
      t.database.db,
      sql`select token_hash from sessions`,
    )
    expect(stored.some((s) => s.token_hash === token)).toBe(false)
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true)
  })

  it('mails a single-use activation link that activates the account, and says so when it is followed again', async () => {
    const body = valid()
    const res = await signup(body)
    const mail = await lastMailTo(t.database.db, body.email)
    expect(mail?.subject).toBe('Confirm your e-mail address for LunaDate')
    expect(mail?.html).toContain('Confirm my e-mail address')
    const link = new URL(linkIn(mail?.text ?? '', '/api/activate.php'))
    expect(link.origin).toBe('https://lunadate.com')
    const first = await t.app.inject({ url: link.pathname + link.search })
    expect(first.statusCode).toBe(303)
    expect(first.headers.location).toBe('/activate/done')
    const cookie = `auth.session=${res.cookies.find((c) => c.name === 'auth.session')?.value}`
    const me = (await t.app.inject({ url: '/api/user.php', headers: { cookie } })).json().user
    expect(me.status).toBe('active')
    expect(me.profile.status).toBe('active')
    // The link followed again: the account is active, and the page says so and leads on.
    const again = await t.app.inject({ url: link.pathname + link.search })
    expect(again.headers.location).toBe('/activate/done?already=1')
    expect((await t.app.inject({ url: '/api/activate.php?token=forged' })).headers.location).toBe(
      '/activate/error',
    )
  })

  it('writes the activation mail in the member’s language', async () => {
    const body = valid()
    await signup(body, { cookie: 'i18n_redirected=fr' })
    const mail = await lastMailTo(t.database.db, body.email)
    expect(mail?.subject).toBe('Confirmez votre adresse e-mail pour LunaDate')
  })

  // spec: VAL-1, VAL-2, VAL-3
  it.each([
    [{ email: 'not-an-email' }, 'email', 'Invalid email'],
    [{ name: '@camille' }, 'name', 'Your name may not start with @.'],
    [
      { email: 'same@example.com', name: 'same@example.com' },
      'name',
      'Your name may not be your e-mail address.',
    ],
    [{ date_of_birth: '2015-01-01' }, 'date_of_birth', 'Enter your date of birth (18+)'],
    [{ date_of_birth: '1990-02-30' }, 'date_of_birth', 'Enter your date of birth (18+)'],
    [{ password: 'short' }, 'password', 'Your password needs at least 8 characters.'],
  ])('refuses %o with the spec’s message on %s', async (overrides, field, message) => {
    const res = await signup(valid(overrides))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('validation.failed')
    expect(res.json().error.fields[field]).toBe(message)
  })

  // spec: VAL-3
  it('says the date-of-birth rule in French', async () => {
    const res = await signup(valid({ date_of_birth: '2012-05-05' }), { cookie: 'i18n_redirected=fr' })
    expect(res.json().error.fields.date_of_birth).toBe('Indiquez votre date de naissance (18 ans et plus)')
  })

  it('refuses one of the 10,000 most common passwords', async () => {
    const res = await signup(valid({ password: 'password123' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('accounts.password_common')
  })

  // spec: ERR-12
  it('tells an existing member to log in, whatever the case of the address', async () => {
    const body = valid()
    await signup(body)
    const res = await signup(valid({ email: body.email.toUpperCase() }))
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toEqual({
      code: 'accounts.email_exists',
      message: 'An account with this e-mail address already exists. Please log in.',
    })
  })

  // spec: ERR-13
  it('tells an account pending deletion to use the mailed link', async () => {
    const body = valid()
    const created = (await signup(body)).json().user
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, created.id))
    const res = await signup(valid({ email: body.email }))
    expect(res.json().error.code).toBe('accounts.pending_deletion')
  })

  // spec: VAL-9, ERR-14
  it('is invite-only unless the site takes everyone or the visitor brings a traffic source', async () => {
    await t.database.db.execute(
      sql`update sites set settings = jsonb_set(settings, '{signups}', '"with_trafficsource"') where domain = 'lunadate.com'`,
    )
    await t.app.services.sites.reload()
    try {
      const closed = await signup(valid())
      expect(closed.statusCode).toBe(403)
      expect(closed.json().error.message).toBe('Signing up is by invitation only at the moment.')
      expect((await signup(valid({ network: 'adnet' }))).statusCode).toBe(201)
      expect((await signup(valid(), { cookie: 'network=partner' })).statusCode).toBe(201)
    } finally {
      await t.database.db.execute(
        sql`update sites set settings = jsonb_set(settings, '{signups}', '"all"') where domain = 'lunadate.com'`,
      )
      await t.app.services.sites.reload()
    }
  })
})
