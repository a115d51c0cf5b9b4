import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totpCode, totpStep } from '#server/lib/totp.ts'
import { signupMember } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// Lockout is no weapon (issue 36, point 9): 100 wrong passwords from 20 addresses lock an account
// for every browser without a device cookie, the attacker's included, while the owner's browser,
// which logged in before, still gets in (OWASP's device cookies; ADR 13).

let t: TestApp
let at = new Date('2026-11-27T09:00:00Z')
beforeAll(async () => {
  t = await createTestApp({ clock: () => at })
})
afterAll(() => t.close())

const cookieOf = (res: { cookies: Array<{ name: string; value: string }> }, name: string) =>
  res.cookies.find((c) => c.name === name)?.value ?? null

/** 100 wrong passwords, 5 from each of 20 addresses (under every per-address limit). */
async function attack(app: FastifyInstance, url: string, email: string) {
  for (let address = 0; address < 20; address++)
    for (let i = 0; i < 5; i++)
      await app.inject({
        method: 'POST',
        url,
        payload: { email, password: `wrong-guess-${address}-${i}` },
        remoteAddress: `10.66.${address}.1`,
      })
}

describe('device cookies', () => {
  it('let a member’s own browser in while an attack from many addresses locks their account', async () => {
    const owner = await signupMember(t.app, { name: 'Owner' })
    const login = (remoteAddress: string, device?: string | null) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user.php',
        payload: { email: owner.email, password: owner.password },
        headers: device ? { cookie: `auth.device=${device}` } : {},
        remoteAddress,
      })
    const first = await login('10.65.0.1')
    expect(first.statusCode).toBe(200)
    const device = cookieOf(first, 'auth.device')
    expect(device).toMatch(/^[\w-]+\.[\w-]+$/)

    await attack(t.app, '/api/user.php', owner.email)
    // From anywhere else, the right password included: locked, as the spec's block says.
    const elsewhere = await login('10.65.0.2')
    expect(elsewhere.statusCode).toBe(429)
    expect(elsewhere.json().error.code).toBe('accounts.login_blocked')
    // A cookie of another account, or a forged one, is no device of this account.
    const other = await signupMember(t.app, { name: 'Other' })
    const othersDevice = cookieOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/user.php',
        payload: { email: other.email, password: other.password },
        remoteAddress: '10.65.0.3',
      }),
      'auth.device',
    )
    expect((await login('10.65.0.4', othersDevice)).statusCode).toBe(429)
    expect((await login('10.65.0.4', `${device?.split('.')[0]}.forged`)).statusCode).toBe(429)
    // The owner's browser: in, from a new address too, and given a fresh cookie.
    const own = await login('10.65.0.5', device)
    expect(own.statusCode).toBe(200)
    expect(cookieOf(own, 'auth.device')).not.toBe(device)
  })

  it('count a device’s own failures against it alone: 5 block that browser', async () => {
    const owner = await signupMember(t.app, { name: 'Careless' })
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: owner.email, password: owner.password },
      remoteAddress: '10.64.0.1',
    })
    const device = cookieOf(first, 'auth.device')
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user.php',
        payload: { email: owner.email, password },
        headers: { cookie: `auth.device=${device}` },
        remoteAddress: '10.64.0.2',
      })
    for (let i = 0; i < 5; i++) expect((await attempt(`typo-${i}`)).statusCode).toBe(401)
    expect((await attempt(owner.password)).statusCode).toBe(429)
    // Another browser without a cookie is not blocked by that one's failures.
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: owner.email, password: owner.password },
      remoteAddress: '10.64.0.3',
    })
    expect(fresh.statusCode).toBe(200)
  })

  it('let a staff member’s own browser into the console, both factors, while an attack locks the account', async () => {
    const email = `staff-device-${process.pid}@example.com`
    const password = 'correct-horse-battery-staple'
    const { otpauthUrl } = await t.app.services.staff.create(
      { email, role: 'moderator', password },
      { staffId: null, email: 'command line', role: 'cli', ip: null },
    )
    const secret = new URL(otpauthUrl).searchParams.get('secret') ?? ''
    /** Password, then code: answers both answers and the cookies they set. */
    const logIn = async (remoteAddress: string, device: string | null) => {
      const passwordStep = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login.php',
        payload: { email, password },
        headers: device ? { cookie: `auth.staff-device=${device}` } : {},
        remoteAddress,
      })
      if (passwordStep.statusCode !== 200) return { status: passwordStep.statusCode, device: null }
      const half = cookieOf(passwordStep, 'auth.staff')
      at = new Date(at.getTime() + 30_000)
      const codeStep = await t.app.inject({
        method: 'POST',
        url: '/api/admin/second-factor.php',
        payload: { code: totpCode(secret, totpStep(at)) },
        headers: { cookie: `auth.staff=${half}${device ? `; auth.staff-device=${device}` : ''}` },
        remoteAddress,
      })
      return { status: codeStep.statusCode, device: cookieOf(codeStep, 'auth.staff-device') }
    }
    const first = await logIn('10.63.0.1', null)
    expect(first.status).toBe(200)
    expect(first.device).toBeTruthy()

    await attack(t.app, '/api/admin/login.php', email)
    expect((await logIn('10.63.0.2', null)).status).toBe(429)
    expect((await logIn('10.63.0.3', first.device)).status).toBe(200)
  })
})
