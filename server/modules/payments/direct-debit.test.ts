import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { smsOutbox } from '#server/db/schema/accounts.ts'
import { users } from '#server/db/schema/members.ts'
import { directDebitRequests } from '#server/db/schema/payments.ts'
import { createSpendingService } from '#server/modules/spending/spending.service.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { directDebitDetails, sandboxPayments } from '../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createDirectDebitService } from './direct-debit.service.ts'

let t: TestApp
let clock = new Date('2026-11-22T10:00:00Z')
type Member = Awaited<ReturnType<typeof activeMember>>
const IBAN = 'NL91ABNA0417164300'
const OTHER_IBAN = 'DE89370400440532013000'

beforeAll(async () => {
  t = await createTestApp()
})

afterAll(async () => {
  await t.close()
})

/** The payments and direct-debit services on the sandbox PSP, with a clock the test moves. */
function setup() {
  const { psp, payments } = sandboxPayments(t, () => clock)
  const directDebit = createDirectDebitService(t.database.db, {
    payments,
    spending: createSpendingService(t.database.db, { now: () => clock }),
    now: () => clock,
    mail: t.app.services.mail,
  })
  return { psp, payments, directDebit }
}

const site = () => t.app.services.sites.list()[0]

async function bundleOf(member: Member, credits: number): Promise<{ id: number; amount: number }> {
  const res = await t.app.inject({ url: '/api/credits.php', headers: { cookie: member.cookie } })
  return res.json().packages.find((p: { credits: number }) => p.credits === credits)
}

/** A number of each test's own: one number gets only 3 codes an hour (the limit per number). */
let phones = 0
let currentPhone = ''
const nextPhone = () => {
  currentPhone = `+316${String(10_000_000 + ++phones * 7919).slice(-8)}`
}
beforeEach(nextPhone)

const details = (pkg: number, iban = IBAN) => directDebitDetails(pkg, currentPhone, iban)

/** The code of the newest SMS to the phone, as the SMS outbox kept it. */
async function lastCode(phone = currentPhone) {
  const [sms] = await t.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.toPhone, phone))
    .orderBy(desc(smsOutbox.id))
    .limit(1)
  return sms.text.match(/\b\d{6}\b/)?.[0] ?? ''
}

async function credits(member: Member) {
  const [row] = await t.database.db
    .select({ credits: users.credits, paid: users.paidUser })
    .from(users)
    .where(eq(users.id, member.user.id))
  return row
}

/** Requests, confirms with the SMS code, and lets the debit settle: answers the payment. */
async function payByDirectDebit(s: ReturnType<typeof setup>, member: Member, pkg: number, iban = IBAN) {
  const requested = await s.directDebit.request({ userId: member.user.id }, site(), details(pkg, iban), 'en')
  return s.directDebit.confirm(
    { userId: member.user.id },
    site(),
    { request_id: requested.request_id, otp: await lastCode() },
    'https://lunadate.com',
    { locale: 'en' },
  )
}

describe('direct debit over HTTP', () => {
  it('sends codes only to mobile numbers of the site’s countries, within limits per member and per number (issue 36, point 8)', async () => {
    const m = await activeMember(t.app, { name: 'Smsfr' })
    const bundle = await bundleOf(m, 100)
    let address = 0
    const post = (member: Member, phone: string, language = 'en') =>
      t.app.inject({
        method: 'POST',
        url: '/api/directdebit.php',
        headers: { cookie: `${member.cookie}; i18n_redirected=${language}` },
        payload: { ...details(bundle.id), phone },
        remoteAddress: `10.77.0.${++address}`,
      })
    for (const phone of ['+882123456789', '+819012345678', '+31201234567']) {
      const res = await post(m, phone, 'fr')
      expect(res.statusCode, phone).toBe(400)
      expect(res.json().error.code).toBe('directdebit.phone_country')
      expect(res.json().error.message).toContain('Pays-Bas')
    }
    // A number written without its country code is the site's: sent in E.164.
    expect((await post(m, '06 1111 2222')).statusCode).toBe(200)
    expect(await lastCode('+31611112222')).toMatch(/^\d{6}$/)
    // One number gets 3 codes an hour, whoever asks for them.
    const others = [await activeMember(t.app, { name: 'Smsa' }), await activeMember(t.app, { name: 'Smsb' })]
    expect((await post(others[0], '+31611112222')).statusCode).toBe(200)
    expect((await post(others[1], '+31611112222')).statusCode).toBe(200)
    const limited = await post(others[1], '+31611112222')
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.code).toBe('directdebit.too_many_codes')
    expect((await post(others[1], '+31622223333')).statusCode).toBe(200)
  })

  it('refuses a wrong IBAN, a non-SEPA IBAN and a wrong phone, in the member language', async () => {
    const m = await activeMember(t.app, { name: 'Ibanfr' })
    const bundle = await bundleOf(m, 100)
    const post = (body: object, language = 'en') =>
      t.app.inject({
        method: 'POST',
        url: '/api/directdebit.php',
        headers: { cookie: `${m.cookie}; i18n_redirected=${language}` },
        payload: body,
      })
    const wrongDigit = await post({ ...details(bundle.id), iban: 'NL91ABNA0417164301' })
    expect(wrongDigit.statusCode).toBe(400)
    expect(wrongDigit.json().error.fields.iban).toMatch(/valid IBAN of a SEPA country/)
    const brazil = await post({ ...details(bundle.id), iban: 'BR1800360305000010009795493C1' })
    expect(brazil.json().error.fields.iban).toMatch(/valid IBAN/)
    const phone = await post({ ...details(bundle.id), phone: '12ab' }, 'fr')
    expect(phone.json().error.fields?.phone).toMatch(/numéro de mobile/)
    // Spaces and lower case are fine; the code goes by SMS to the outbox.
    const ok = await post({ ...details(bundle.id), iban: 'nl91 abna 0417 1643 00', phone: '+31 6 1234-5678' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().phone).toMatch(/•+678$/)
    expect(await lastCode('+31612345678')).toMatch(/^\d{6}$/)
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/directdebit.php',
      headers: { cookie: `${m.cookie}; i18n_redirected=fr` },
      payload: {
        request_id: ok.json().request_id,
        otp: '000000' === (await lastCode('+31612345678')) ? '000001' : '000000',
      },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error.message).toBe('Code invalide')
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/directdebit.php',
      payload: details(bundle.id),
    })
    expect(anonymous.statusCode).toBe(403)
  })
})

describe('direct debit', () => {
  // spec: DATA-17
  it('confirms with the SMS code, debits once, grants the credits and keeps no account details', async () => {
    const s = setup()
    const m = await activeMember(t.app, { name: 'Sepa' })
    const bundle = await bundleOf(m, 250)
    const before = await credits(m)
    const created = await payByDirectDebit(s, m, bundle.id)
    expect(created.checkout_url).toBe(`https://lunadate.com/directdebit?payment=${created.payment_id}`)
    expect((await s.payments.get({ userId: m.user.id }, created.payment_id)).status).toBe('pending')
    clock = new Date(clock.getTime() + 2500)
    const paid = await s.payments.get({ userId: m.user.id }, created.payment_id)
    expect(paid).toMatchObject({ status: 'paid', method: 'sdd', credits: 250 })
    expect(await credits(m)).toEqual({ credits: before.credits + 250, paid: true })
    const [request] = await t.database.db
      .select()
      .from(directDebitRequests)
      .where(eq(directDebitRequests.paymentId, created.payment_id))
    expect(request).toMatchObject({ iban: null, holder: null, street: null })
    // The code was used: it confirms nothing again.
    await expect(
      s.directDebit.confirm(
        { userId: m.user.id },
        site(),
        { request_id: request.id, otp: await lastCode() },
        'https://lunadate.com',
        { locale: 'en' },
      ),
    ).rejects.toMatchObject({ code: 'directdebit.code_expired' })
  })

  // spec: ERR-9
  it('says Code invalid for a wrong code or another member, and stops after 5 tries or 10 minutes', async () => {
    const s = setup()
    const m = await activeMember(t.app, { name: 'Codes' })
    const other = await activeMember(t.app, { name: 'Stranger' })
    const bundle = await bundleOf(m, 100)
    const first = await s.directDebit.request({ userId: m.user.id }, site(), details(bundle.id), 'en')
    const code = await lastCode()
    const wrong = code === '123456' ? '654321' : '123456'
    const confirm = (userId: number, otp: string, id = first.request_id) =>
      s.directDebit.confirm({ userId }, site(), { request_id: id, otp }, 'https://lunadate.com', {
        locale: 'en',
      })
    await expect(confirm(other.user.id, code)).rejects.toMatchObject({ code: 'directdebit.code_invalid' })
    for (let i = 0; i < 5; i++) {
      await expect(confirm(m.user.id, wrong)).rejects.toMatchObject({ code: 'directdebit.code_invalid' })
    }
    // Five wrong tries used the code up, the right one included.
    await expect(confirm(m.user.id, code)).rejects.toMatchObject({ code: 'directdebit.code_expired' })

    const second = await s.directDebit.request({ userId: m.user.id }, site(), details(bundle.id), 'en')
    const secondCode = await lastCode()
    clock = new Date(clock.getTime() + 10 * 60 * 1000 + 1000)
    await expect(confirm(m.user.id, secondCode, second.request_id)).rejects.toMatchObject({
      code: 'directdebit.code_expired',
    })
    // Expired unused, its account details are forgotten.
    expect(await s.directDebit.forgetExpired()).toBeGreaterThanOrEqual(2)
    const [kept] = await t.database.db
      .select()
      .from(directDebitRequests)
      .where(eq(directDebitRequests.id, second.request_id))
    expect(kept).toMatchObject({ iban: null, holder: null, city: null, phone: currentPhone })
  })

  // spec: ERR-9
  it('limits what is open or paid by direct debit over 30 days, even when confirmed in parallel', async () => {
    const s = setup()
    const m = await activeMember(t.app, { name: 'Limit' })
    const big = await bundleOf(m, 1000)
    await payByDirectDebit(s, m, big.id)
    await payByDirectDebit(s, m, big.id)
    // 2 × 59.95 open or paid; a third would pass the 150 euro limit.
    await expect(
      s.directDebit.request({ userId: m.user.id }, site(), details(big.id), 'en'),
    ).rejects.toMatchObject({ code: 'directdebit.limit' })

    const n = await activeMember(t.app, { name: 'Parallel' })
    nextPhone()
    const requests = []
    for (let i = 0; i < 3; i++) {
      const r = await s.directDebit.request({ userId: n.user.id }, site(), details(big.id), 'en')
      requests.push({ id: r.request_id, code: await lastCode() })
    }
    const outcomes = await Promise.allSettled(
      requests.map((r) =>
        s.directDebit.confirm(
          { userId: n.user.id },
          site(),
          { request_id: r.id, otp: r.code },
          'https://x.test',
          { locale: 'en' },
        ),
      ),
    )
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2)
    expect(
      outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.code),
    ).toEqual(['directdebit.limit'])
    // After 30 days the window has room again.
    clock = new Date(clock.getTime() + 31 * 24 * 3600 * 1000)
    await expect(
      s.directDebit.request({ userId: m.user.id }, site(), details(big.id), 'en'),
    ).resolves.toMatchObject({ request_id: expect.any(String) })
  })

  // spec: ERR-9
  it('blocks the member and the account once the bank returned a debit', async () => {
    const s = setup()
    const m = await activeMember(t.app, { name: 'Returned' })
    const bundle = await bundleOf(m, 100)
    const before = await credits(m)
    const created = await payByDirectDebit(s, m, bundle.id, OTHER_IBAN)
    const [row] = await t.database.db
      .execute<{ provider_id: string }>(
        sql`select provider_id from payments where id = ${created.payment_id}`,
      )
      .then((r) => (r as unknown as { rows: Array<{ provider_id: string }> }).rows)
    await s.psp.act(row.provider_id, 'fail')
    expect((await s.payments.get({ userId: m.user.id }, created.payment_id)).status).toBe('failed')
    expect(await credits(m)).toMatchObject({ credits: before.credits })
    await expect(
      s.directDebit.request({ userId: m.user.id }, site(), details(bundle.id, IBAN), 'en'),
    ).rejects.toMatchObject({ code: 'directdebit.blocked' })
    // Someone else with the same account is blocked too; with another account they may pay.
    const other = await activeMember(t.app, { name: 'Sameaccount' })
    await expect(
      s.directDebit.request({ userId: other.user.id }, site(), details(bundle.id, OTHER_IBAN), 'en'),
    ).rejects.toMatchObject({ code: 'directdebit.blocked' })
    await expect(
      s.directDebit.request({ userId: other.user.id }, site(), details(bundle.id, IBAN), 'en'),
    ).resolves.toMatchObject({ request_id: expect.any(String) })
  })
})
