import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signupMember } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
let clock = new Date('2031-03-04T05:06:07Z')

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
})
afterAll(() => t.close())

function login(
  email: string,
  password: string,
  remoteAddress = '127.0.0.1',
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    payload: { email, password },
    remoteAddress,
    headers,
  })
}

describe('sessions', () => {
  // spec: CALL-2
  it('GET /api/user.php answers user null to a visitor', async () => {
    const res = await t.app.inject({ url: '/api/user.php', headers: { 'x-request-type': 'client' } })
    expect(res.json()).toEqual({ user: null })
  })

  // spec: CALL-1
  it('logs in with a new session token each time', async () => {
    const m = await signupMember(t.app)
    const a = await login(m.email, m.password)
    const b = await login(m.email.toUpperCase(), m.password)
    expect(a.statusCode).toBe(200)
    expect(a.json().user.email).toBe(m.email)
    const tokenA = a.cookies.find((c) => c.name === 'auth.session')?.value
    const tokenB = b.cookies.find((c) => c.name === 'auth.session')?.value
    expect(tokenA).toBeTruthy()
    expect(tokenA).not.toBe(tokenB)
    const me = await t.app.inject({
      url: '/api/user.php',
      headers: { cookie: `auth.session=${tokenA}`, 'x-request-type': 'client' },
    })
    expect(me.json().user.id).toBe(m.user.id)
  })

  // spec: ERR-2
  it("says 'Login failed, please try again.' on a wrong password or an unknown address", async () => {
    const m = await signupMember(t.app)
    for (const res of [
      await login(m.email, 'wrong-password-1', '127.2.0.1'),
      await login('nobody@example.com', 'x', '127.2.0.2'),
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.json().error).toEqual({
        code: 'accounts.login_failed',
        message: 'Login failed, please try again.',
      })
    }
    const fr = await login(m.email, 'wrong-password-1', '127.2.0.3', { cookie: 'i18n_redirected=fr' })
    expect(fr.json().error.message).toBe('La connexion a échoué, veuillez réessayer.')
  })

  // spec: ERR-3
  it('blocks 5 failures on an address from one client address, there only, for 15 minutes', async () => {
    const m = await signupMember(t.app)
    for (let i = 0; i < 5; i++)
      expect((await login(m.email, `wrong-${i}-password`, '127.3.0.1')).statusCode).toBe(401)
    const attacker = await login(m.email, m.password, '127.3.0.1')
    expect(attacker.statusCode).toBe(429)
    expect(attacker.json().error.message).toBe('Too many incorrect attempts, account blocked for 15 min.')
    // The owner, from their own address, still gets in.
    expect((await login(m.email, m.password, '127.3.0.9')).statusCode).toBe(200)
    // The block ends by itself.
    clock = new Date(clock.getTime() + 15 * 60_000 + 1000)
    expect((await login(m.email, m.password, '127.3.0.1')).statusCode).toBe(200)
  })

  it('answers an unknown e-mail address exactly as a known one, block included', async () => {
    const m = await signupMember(t.app)
    const answers = async (email: string, ip: string) => {
      const out: Array<[number, unknown]> = []
      for (let i = 0; i < 6; i++) {
        const res = await login(email, `wrong-${i}-password`, ip)
        out.push([res.statusCode, res.json()])
      }
      return out
    }
    const known = await answers(m.email, '127.3.2.1')
    const unknown = await answers('nobody-here@example.com', '127.3.2.2')
    expect(unknown).toEqual(known)
    expect(known.at(-1)?.[0]).toBe(429)
  })

  it('locks an account for everyone only after 100 failures from many addresses', async () => {
    const m = await signupMember(t.app)
    for (let i = 0; i < 99; i++) await login(m.email, 'wrong-password-x', `127.7.${i >> 4}.${i & 15}`)
    expect((await login(m.email, m.password, '127.8.0.1')).statusCode).toBe(200)
    await login(m.email, 'wrong-password-x', '127.7.99.1')
    const owner = await login(m.email, m.password, '127.8.0.1')
    expect(owner.statusCode).toBe(429)
    expect(owner.json().error.code).toBe('accounts.login_blocked')
  })

  it('blocks an address that tries many accounts', async () => {
    for (let i = 0; i < 20; i++) await login(`guess-${i}@example.com`, 'password-guess', '127.4.0.1')
    const res = await login('guess-x@example.com', 'password-guess', '127.4.0.1')
    expect(res.statusCode).toBe(429)
    expect(res.json().error.code).toBe('accounts.login_blocked')
    const other = await signupMember(t.app)
    expect((await login(other.email, other.password, '127.4.0.2')).statusCode).toBe(200)
  })

  it('tells apart the members of requests that arrive together (their sessions are read in one query)', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => signupMember(t.app)))
    const loggedOut = await signupMember(t.app)
    await t.app.inject({ url: '/api/logout.php', headers: { cookie: loggedOut.cookie } })
    const asking = [...members, ...members, loggedOut, ...members.slice(0, 3)]
    const answers = await Promise.all(
      asking.map((m) =>
        t.app.inject({ url: '/api/user.php', headers: { cookie: m.cookie, 'x-request-type': 'client' } }),
      ),
    )
    expect(answers.map((a) => a.json().user?.id ?? null)).toEqual(
      asking.map((m) => (m === loggedOut ? null : m.user.id)),
    )
  })

  // spec: CALL-5
  it('GET /api/logout.php ends the session on the server', async () => {
    const m = await signupMember(t.app)
    const out = await t.app.inject({ url: '/api/logout.php', headers: { cookie: m.cookie } })
    expect(out.json()).toEqual({ user: null })
    expect(out.cookies.find((c) => c.name === 'auth.session')?.value).toBe('')
    const me = await t.app.inject({ url: '/api/user.php', headers: { cookie: m.cookie } })
    expect(me.json().user).toBeNull()
  })

  it('answers a visitor 403 authentication_required on member endpoints', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/user.php', payload: { language: 'fr' } })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.code).toBe('authentication_required')
    const resend = await t.app.inject({ method: 'POST', url: '/api/activation.php' })
    expect(resend.statusCode).toBe(403)
  })

  // spec: CALL-3
  it('PUT /api/user.php saves the language', async () => {
    const m = await signupMember(t.app)
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      payload: { language: 'fr' },
      headers: { cookie: m.cookie },
    })
    expect(res.json().user.language).toBe('fr')
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      payload: { language: 'xx' },
      headers: { cookie: m.cookie },
    })
    expect(bad.statusCode).toBe(400)
  })

  it('sends the activation mail again, at most 5 times a day', async () => {
    const m = await signupMember(t.app)
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/activation.php',
        headers: { cookie: m.cookie },
        remoteAddress: '127.5.0.1',
      })
    for (let i = 0; i < 4; i++) expect((await resend()).json()).toEqual({ sent: true })
    const refused = await resend()
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.code).toBe('accounts.activation_limit')
  })
})

describe('push subscriptions', () => {
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
    expirationTime: null,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  }

  // spec: CALL-4
  it('saves the subscription of a member', async () => {
    const m = await signupMember(t.app)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      payload: { subscription },
      headers: { cookie: m.cookie },
    })
    expect(res.json()).toEqual({ subscribed: true })
    const rows = await t.database.db.execute(
      sql`select user_id from push_subscriptions where endpoint = ${subscription.endpoint}`,
    )
    expect((rows as unknown as { rows: { user_id: number }[] }).rows[0].user_id).toBe(m.user.id)
  })

  it('refuses a visitor, and a subscription that is not https or not at a push service', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      payload: { subscription },
    })
    expect(visitor.statusCode).toBe(403)
    const m = await signupMember(t.app)
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      payload: { subscription: { ...subscription, endpoint: 'http://insecure.example/x' } },
      headers: { cookie: m.cookie },
    })
    expect(bad.statusCode).toBe(400)
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      payload: { subscription: { ...subscription, endpoint: 'https://push.example.net/send/abc123' } },
      headers: { cookie: m.cookie },
    })
    expect(elsewhere.json().error.fields['subscription.endpoint']).toBe(
      'This browser’s notification service is not one we can send to. Please try another browser.',
    )
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      payload: { email: m.email, password: m.password },
      headers: { cookie: m.cookie },
    })
    expect(login.statusCode).toBe(400)
    expect(login.json().error.code).toBe('validation.failed')
  })
})
