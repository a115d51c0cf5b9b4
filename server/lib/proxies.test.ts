import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts'
import { readEnv } from '../env.ts'

// Behind a proxy, a client-supplied X-Forwarded-For chooses nothing (issue 13, point 9): only the
// address the trusted proxy saw counts for every per-address limit.

let n = 0
const signup = (t: TestApp, remoteAddress: string, xff: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    payload: {
      email: `proxied-${process.pid}-${++n}@example.com`,
      name: 'Proxied',
      password: 'amber-lantern-77',
      date_of_birth: '1990-01-01',
      gender: 'male',
    },
    headers: { 'x-forwarded-for': xff },
    remoteAddress,
  })

describe.each([
  { form: 'true (one hop)', value: 'true' },
  { form: 'a hop count', value: '1' },
  { form: 'the proxy address', value: '127.0.0.1' },
  { form: 'a CIDR range', value: '127.0.0.0/8, ::1' },
])('TRUST_PROXY as $form', ({ value }) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: value } })
  })
  afterAll(() => t.close())

  it('counts sign-ups by the address the proxy saw, whatever the client put before it', async () => {
    const answers: number[] = []
    for (let i = 0; i < 12; i++) {
      answers.push((await signup(t, '127.0.0.1', `10.9.${i}.1, 203.0.113.7`)).statusCode)
    }
    expect(answers.slice(0, 10).every((s) => s === 201)).toBe(true)
    expect(answers.slice(10)).toEqual([429, 429])
    // Another client behind the same proxy is not held back.
    expect((await signup(t, '127.0.0.1', '203.0.113.8')).statusCode).toBe(201)
  })

  it('blocks an address after 20 failed logins, whatever X-Forwarded-For it sends', async () => {
    const login = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user.php',
        payload: { email: `guess-${i}@example.com`, password: 'not-the-password' },
        headers: { 'x-forwarded-for': `10.8.${i}.${i}, 198.51.100.4` },
        remoteAddress: '127.0.0.1',
      })
    for (let i = 0; i < 20; i++) expect((await login(i)).statusCode).toBe(401)
    expect((await login(99)).statusCode).toBe(429)
  })
})

describe('TRUST_PROXY', () => {
  it('believes no X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } })
    try {
      for (let i = 0; i < 10; i++) await signup(t, '192.0.2.50', `203.0.113.${i}`)
      expect((await signup(t, '192.0.2.50', '203.0.113.99')).statusCode).toBe(429)
    } finally {
      await t.close()
    }
  })

  it('refuses a value that is no hop count, address or range', () => {
    expect(() => readEnv({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/)
    expect(() => readEnv({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/)
    expect(readEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
  })
})
