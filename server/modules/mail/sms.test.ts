import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { desc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smsOutbox } from '#server/db/schema/accounts.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { directDebitDetails } from '../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

const SID = 'AC0123456789abcdef0123456789abcdef'
const TOKEN = 'twilio-auth-token-never-logged'

/** A local server speaking Twilio's Messages API; `answer` decides each reply. */
interface Received {
  path: string
  authorization: string | undefined
  contentType: string | undefined
  form: URLSearchParams
}
let received: Received[] = []
let answer: (form: URLSearchParams) => { status: number; body: object } = () => ({ status: 500, body: {} })
let twilio: Server
let t: TestApp

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => resolve(body))
  })

beforeAll(async () => {
  twilio = createServer(async (request, response) => {
    const form = new URLSearchParams(await read(request))
    received.push({
      path: `${request.method} ${request.url}`,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      form,
    })
    const { status, body } = answer(form)
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve))
  t = await createTestApp({
    env: {
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: 'LunaDate',
      TWILIO_API_URL: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`,
    },
  })
})
afterAll(async () => {
  await t.close()
  twilio.close()
})

const details = directDebitDetails

async function requestCode(phone: string) {
  const member = await activeMember(t.app)
  const credits = await t.app.inject({ url: '/api/credits.php', headers: { cookie: member.cookie } })
  const bundle = credits.json().packages.find((p: { currency: string }) => p.currency === 'EUR')
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/directdebit.php',
    headers: { cookie: member.cookie },
    payload: details(bundle.id, phone),
  })
  expect(res.statusCode).toBe(200)
  return { member, requestId: res.json().request_id as string }
}

const newestSms = async () =>
  (await t.database.db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(1))[0]

describe('text messages through Twilio', () => {
  it('sends the direct-debit code as Twilio’s API takes it, and the code in it confirms the debit', async () => {
    received = []
    answer = (form) => ({
      status: 201,
      body: {
        sid: 'SM11111111111111111111111111111111',
        status: 'queued',
        to: form.get('To'),
        body: form.get('Body'),
      },
    })
    const { member, requestId } = await requestCode('+31 6 1234-5678')
    await t.app.services.mail.deliverPending()
    const [sent, ...more] = received
    expect(more).toEqual([])
    expect(sent.path).toBe(`POST /2010-04-01/Accounts/${SID}/Messages.json`)
    expect(sent.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`)
    expect(sent.contentType).toBe('application/x-www-form-urlencoded')
    expect(sent.form.get('To')).toBe('+31612345678')
    expect(sent.form.get('From')).toBe('LunaDate')
    const code = sent.form.get('Body')?.match(/\b\d{6}\b/)?.[0] ?? ''
    expect(code).toMatch(/^\d{6}$/)
    const row = await newestSms()
    expect(row.providerId).toBe('SM11111111111111111111111111111111')
    expect(row.sentAt).not.toBeNull()
    // Delivered once: a second run sends nothing again.
    await t.app.services.mail.deliverPending()
    expect(received).toHaveLength(1)

    const confirmed = await t.app.inject({
      method: 'PUT',
      url: '/api/directdebit.php',
      headers: { cookie: member.cookie },
      payload: { request_id: requestId, otp: code },
    })
    expect(confirmed.statusCode).toBe(200)
  })

  it('keeps a refused message with Twilio’s reason (never the token), and tries again later', async () => {
    received = []
    answer = () => ({
      status: 400,
      body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
    })
    await requestCode('+32470123456')
    await t.app.services.mail.deliverPending()
    // The request's own kick may have tried already: one try or two, each refused.
    let row = await newestSms()
    expect(row.sentAt).toBeNull()
    const tries = row.attempts
    expect(tries).toBeGreaterThanOrEqual(1)
    expect(received).toHaveLength(tries)
    expect(row.lastError).toBe("twilio 400: 21211 The 'To' number is not a valid phone number.")
    expect(row.lastError).not.toContain(TOKEN)

    answer = () => ({ status: 201, body: { sid: 'SM22222222222222222222222222222222', status: 'queued' } })
    await t.app.services.mail.deliverPending()
    row = await newestSms()
    expect(row.attempts).toBe(tries + 1)
    expect(row.providerId).toBe('SM22222222222222222222222222222222')
    expect(new Set(received.map((r) => r.form.get('To')))).toEqual(new Set(['+32470123456']))
  })
})
