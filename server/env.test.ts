import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { signupMember } from '../tests/support/accounts.ts'
import { staffMember } from '../tests/support/staff.ts'
import { createTestApp } from '../tests/support/test-app.ts'
import { readEnv } from './env.ts'

// A deployment cannot hand out free credits (issue 13, point 11): in production the sandbox payment
// provider and the mail outbox are used only when named, and a staging site says so on every page.

const dataDir = mkdtempSync(path.join(tmpdir(), 'env-test-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('production safety', () => {
  it('refuses to start in production without a payment provider or a mail transport', () => {
    expect(() => readEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(
      /^MOLLIE_API_KEY is not set/,
    )
    expect(() => readEnv({ NODE_ENV: 'production', MOLLIE_API_KEY: 'live_x' })).toThrow(
      /^SMTP_URL is not set/,
    )
    expect(() => readEnv({ NODE_ENV: 'production', PAYMENTS: 'mollie', MAIL: 'outbox' })).toThrow(
      /^MOLLIE_API_KEY is not set/,
    )
    const real = readEnv({ NODE_ENV: 'production', MOLLIE_API_KEY: 'live_x', SMTP_URL: 'smtp://h' })
    expect(real).toMatchObject({ PAYMENTS: 'mollie', MAIL: 'smtp', STAGING: false })
    const staging = readEnv({ NODE_ENV: 'production', PAYMENTS: 'sandbox', MAIL: 'outbox' })
    expect(staging).toMatchObject({ PAYMENTS: 'sandbox', MAIL: 'outbox', STAGING: true })
    // Outside production the local defaults stand in, and nothing is staging.
    expect(readEnv({ NODE_ENV: 'development' })).toMatchObject({
      PAYMENTS: 'sandbox',
      MAIL: 'outbox',
      STAGING: false,
    })
  })

  it('sends text messages through Twilio when its account is set, and names what is missing', () => {
    expect(readEnv({ NODE_ENV: 'development' }).SMS).toBe('outbox')
    const twilio = { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: 'LunaDate' }
    expect(readEnv({ NODE_ENV: 'development', ...twilio }).SMS).toBe('twilio')
    expect(readEnv({ NODE_ENV: 'development', ...twilio, SMS: 'outbox' }).SMS).toBe('outbox')
    expect(() => readEnv({ NODE_ENV: 'development', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(
      /^TWILIO_AUTH_TOKEN, TWILIO_FROM not set \(SMS=twilio\)/,
    )
    expect(() => readEnv({ NODE_ENV: 'development', SMS: 'twilio' })).toThrow(/^TWILIO_ACCOUNT_SID, /)
  })

  it('says so in one line when the server is started', () => {
    const run = spawnSync(process.execPath, ['server/main.ts'], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        SMTP_URL: 'smtp://127.0.0.1:1',
      },
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr.trim().split('\n')).toEqual([
      'Cannot start: MOLLIE_API_KEY is not set: a production server takes real payments (PAYMENTS=sandbox for a staging site)',
    ])
  })

  it('serves neither the mailbox nor the sandbox checkout with real providers', async () => {
    const t = await createTestApp({
      env: { NODE_ENV: 'production', MOLLIE_API_KEY: 'test_x', SMTP_URL: 'smtp://127.0.0.1:1' },
    })
    try {
      expect((await t.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404)
      expect(t.app.hasRoute({ method: 'GET', url: '/sandbox/checkout/:id' })).toBe(false)
    } finally {
      await t.close()
    }
  })

  it('serves both on a staging site that named them, the mailbox to logged-in staff or this machine only', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', PAYMENTS: 'sandbox', MAIL: 'outbox' } })
    try {
      // It shows every reset link: never to a visitor or a member of the staging site (issue 36,
      // point 11), who come through its proxy; a browser on the server's machine is its demo.
      const remote = { 'x-forwarded-for': '203.0.113.9' }
      expect((await t.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(200)
      const visitor = await t.app.inject({ url: '/dev/mailbox', headers: remote })
      expect(visitor.statusCode).toBe(401)
      expect(visitor.body).not.toContain('Mailbox')
      const member = await signupMember(t.app)
      expect(
        (await t.app.inject({ url: '/dev/mailbox', headers: { ...remote, cookie: member.cookie } }))
          .statusCode,
      ).toBe(401)
      const staff = await staffMember(t.app, 'support', () => new Date())
      expect(
        (await t.app.inject({ url: '/dev/mailbox', headers: { ...remote, cookie: staff.cookie } }))
          .statusCode,
      ).toBe(200)
      expect(t.app.hasRoute({ method: 'GET', url: '/sandbox/checkout/:id' })).toBe(true)
      expect(t.env.STAGING).toBe(true)
    } finally {
      await t.close()
    }
  })
})
