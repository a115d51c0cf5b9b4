import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemClock } from '#server/lib/clock.ts'
import type { DomainEvent } from '#server/lib/events.ts'
import { createSpendingService } from '#server/modules/spending/spending.service.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { creditAccount } from '../../../tests/support/credits.ts'
import { sandboxPayments } from '../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createDiscountsService } from './discounts.service.ts'
import { mollieProvider } from './mollie-provider.ts'
import { bundlePayment, insertPayment, selectPayment } from './payments.queries.ts'
import { ABANDONED_CHECKOUT_MS, createPaymentsService } from './payments.service.ts'
import { createRefundsService } from './refunds.service.ts'
import { sandboxProvider } from './sandbox-provider.ts'

let t: TestApp
const events: DomainEvent[] = []
let clock = new Date('2026-11-22T10:00:00Z')
type Member = Awaited<ReturnType<typeof activeMember>>

beforeAll(async () => {
  t = await createTestApp()
  t.app.services.events.subscribe((event) => events.push(event))
})

afterAll(async () => {
  await t.close()
})

const account = (member: Member) => creditAccount(t.database.db, member.user.id)

const sandboxSetup = () => sandboxPayments(t, () => clock)

/** A card payment of a bundle started by a member on the first site, as the checkout starts it. */
function startCard(
  payments: { start: ReturnType<typeof sandboxSetup>['payments']['start'] },
  member: Member,
  bundleId: number,
) {
  const site = t.app.services.sites.list()[0]
  return payments.start({ userId: member.user.id, siteId: site.id }, site, {
    package: bundleId,
    method: 'creditcard',
    locale: 'en',
    origin: 'http://localhost:3000',
  })
}

async function bundleOf(member: Member, credits: number) {
  const res = await t.app.inject({ url: '/api/credits.php', headers: { cookie: member.cookie } })
  return res.json().packages.find((p: { credits: number }) => p.credits === credits)
}

describe('credit bundles', () => {
  it('lists the bundles in the member currency with the best value marked, and the methods of their country', async () => {
    const m = await activeMember(t.app, { name: 'Shopper' })
    const res = await t.app.inject({ url: '/api/credits.php', headers: { cookie: m.cookie } })
    const body = res.json()
    expect(body.currency).toBe('EUR')
    expect(body.packages.map((p: { credits: number }) => p.credits)).toEqual([100, 250, 500, 1000])
    expect(
      body.packages
        .filter((p: { best_value: boolean }) => p.best_value)
        .map((p: { credits: number }) => p.credits),
    ).toEqual([1000])
    expect(body.methods[0]).toBe(m.user.profile.country === 'NL' ? 'ideal' : body.methods[0])
    expect(body.methods).toEqual(expect.arrayContaining(['creditcard', 'paypal']))
    const gb = await t.app.inject({ url: '/api/credits.php', headers: { 'cf-ipcountry': 'GB' } })
    expect(gb.json().currency).toBe('GBP')
    expect(gb.json().methods).not.toContain('ideal')
  })
})

describe('sandbox payments', () => {
  it('grants the credits exactly once whatever the number, order and concurrency of webhooks and returns', async () => {
    const { psp, payments, webhooks } = sandboxSetup()
    const m = await activeMember(t.app, { name: 'Buyer' })
    const before = await account(m)
    const bundle = await bundleOf(m, 250)
    const created = await payments.start(
      { userId: m.user.id, siteId: t.app.services.sites.list()[0].id },
      t.app.services.sites.list()[0],
      {
        package: bundle.id,
        method: 'creditcard',
        locale: 'en',
        origin: 'http://localhost:3000',
      },
    )
    expect(created.checkout_url).toMatch(/^\/sandbox\/checkout\/tr_[0-9a-f]{20}$/)
    const providerId = created.checkout_url.split('/').pop() ?? ''
    expect((await payments.get({ userId: m.user.id }, created.payment_id)).status).toBe('open')

    await psp.act(providerId, 'pay')
    expect(webhooks).toEqual([providerId])
    // Processing: pending until the PSP settles it.
    await payments.webhook(providerId)
    expect((await payments.get({ userId: m.user.id }, created.payment_id)).status).toBe('pending')
    expect((await account(m)).credits).toBe(before.credits)

    clock = new Date(clock.getTime() + 2500)
    events.length = 0
    await Promise.all([
      ...Array.from({ length: 5 }, () => payments.webhook(providerId)),
      payments.get({ userId: m.user.id }, created.payment_id),
      payments.webhook(providerId),
    ])
    await payments.webhook(providerId)
    const after = await account(m)
    expect(after).toEqual({
      credits: before.credits + 250,
      paid: true,
      ledger: before.credits + 250,
      entries: before.entries + 1,
    })
    expect(events.filter((e) => e.type === 'credits.changed')).toHaveLength(1)
    expect(await payments.get({ userId: m.user.id }, created.payment_id)).toMatchObject({
      status: 'paid',
      credits: 250,
      amount: bundle.amount,
    })
  })

  it('keeps a paid purchase whose card cannot be saved, and logs why', async () => {
    const { psp } = sandboxSetup()
    const warnings: unknown[][] = []
    const payments = createPaymentsService(t.database.db, {
      spending: t.app.services.spending,
      provider: {
        ...sandboxProvider(psp),
        savedCard: async () => {
          throw new Error('the provider is down')
        },
      },
      events: t.app.services.events,
      discounts: createDiscountsService(t.database.db, {
        now: () => clock,
        spending: createSpendingService(t.database.db, { now: () => clock }),
      }),
      now: () => clock,
      log: { warn: (...args: unknown[]) => warnings.push(args) },
      sites: t.app.services.sites,
      mail: t.app.services.mail,
    })
    const m = await activeMember(t.app, { name: 'Cardless' })
    const bundle = await bundleOf(m, 100)
    const created = await startCard(payments, m, bundle.id)
    await psp.act(created.checkout_url.split('/').pop() ?? '', 'pay')
    clock = new Date(clock.getTime() + 2500)
    expect((await payments.get({ userId: m.user.id }, created.payment_id)).status).toBe('paid')
    expect(warnings).toHaveLength(1)
    expect(warnings[0][1]).toBe('the card of a paid payment could not be saved')
    expect(String((warnings[0][0] as { err: Error }).err.message)).toBe('the provider is down')
  })

  // spec: STATE-10
  it('grants nothing for failed or cancelled payments, nor for forged ids', async () => {
    const { psp, payments } = sandboxSetup()
    const m = await activeMember(t.app, { name: 'Unlucky' })
    const before = await account(m)
    const bundle = await bundleOf(m, 100)
    for (const action of ['fail', 'cancel'] as const) {
      const created = await payments.start(
        { userId: m.user.id, siteId: t.app.services.sites.list()[0].id },
        t.app.services.sites.list()[0],
        {
          package: bundle.id,
          method: 'paypal',
          locale: 'en',
          origin: 'http://localhost:3000',
        },
      )
      const providerId = created.checkout_url.split('/').pop() ?? ''
      await psp.act(providerId, action)
      // Pressing Pay afterwards changes nothing at the PSP.
      await psp.act(providerId, 'pay')
      await payments.webhook(providerId)
      clock = new Date(clock.getTime() + 5000)
      await payments.webhook(providerId)
      expect((await payments.get({ userId: m.user.id }, created.payment_id)).status).toBe(
        action === 'fail' ? 'failed' : 'canceled',
      )
    }
    await payments.webhook('tr_00000000000000000000')
    await payments.webhook('not-even-an-id')
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      payload: 'id=tr_1234',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(forged.statusCode).toBe(200)
    expect(await account(m)).toEqual(before)
  })

  it('expires a checkout left open, credits one paid without a webhook, and cancels one the provider never took', async () => {
    const { psp, payments } = sandboxSetup()
    const m = await activeMember(t.app, { name: 'Wanderer' })
    const before = await account(m)
    const bundle = await bundleOf(m, 100)
    const statusOf = async (id: string) => (await selectPayment(t.database.db, id))?.status
    const left = await startCard(payments, m, bundle.id)
    const paidQuietly = await startCard(payments, m, bundle.id)
    await psp.act(paidQuietly.checkout_url.split('/').pop() ?? '', 'pay')
    const site = t.app.services.sites.list()[0]
    const untaken = bundlePayment(bundle, {
      userId: m.user.id,
      siteId: site.id,
      method: 'creditcard',
      provider: 'sandbox',
      sequence: 'oneoff',
      at: clock,
    })
    await insertPayment(t.database.db, untaken)

    // Ten minutes on, the member may still be paying: nothing is touched.
    clock = new Date(clock.getTime() + 10 * 60_000)
    await payments.expireAbandoned()
    expect(await statusOf(left.payment_id)).toBe('open')
    expect(await statusOf(untaken.id)).toBe('open')

    clock = new Date(clock.getTime() + ABANDONED_CHECKOUT_MS)
    await payments.expireAbandoned()
    expect(await statusOf(left.payment_id)).toBe('expired')
    expect(await statusOf(paidQuietly.payment_id)).toBe('paid')
    expect(await statusOf(untaken.id)).toBe('canceled')
    expect(await account(m)).toMatchObject({ credits: before.credits + 100, ledger: before.credits + 100 })
    // A second run finds nothing left open and changes nothing.
    expect(await payments.expireAbandoned()).toEqual({ asked: 0, cancelled: 0 })
    expect((await account(m)).credits).toBe(before.credits + 100)
  })

  it('keeps a payment to its member, refuses unknown bundles and methods of other countries', async () => {
    const owner = await activeMember(t.app, { name: 'Owner' })
    const other = await activeMember(t.app, { name: 'Other' })
    const bundle = await bundleOf(owner, 100)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment.php',
      payload: { package: bundle.id, method: 'creditcard' },
      headers: { cookie: owner.cookie },
    })
    expect(res.statusCode).toBe(200)
    const id = res.json().payment_id
    const peek = await t.app.inject({ url: `/api/payment.php?id=${id}`, headers: { cookie: other.cookie } })
    expect(peek.statusCode).toBe(404)
    expect((await t.app.inject({ url: `/api/payment.php?id=${id}` })).statusCode).toBe(403)
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/payment.php',
      payload: { package: 999_999, method: 'creditcard' },
      headers: { cookie: owner.cookie },
    })
    expect(unknown.statusCode).toBe(404)
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/payment.php',
      payload: { package: bundle.id, method: owner.user.profile.country === 'PL' ? 'ideal' : 'blik' },
      headers: { cookie: owner.cookie },
    })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().error.message).toMatch(/not available/)
  })

  it('shows the checkout page with Pay, Fail and Cancel, and its buttons lead back to the app', async () => {
    const m = await activeMember(t.app, { name: 'Clicker' })
    const bundle = await bundleOf(m, 100)
    const { checkout_url: checkout, payment_id: id } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/payment.php',
        payload: { package: bundle.id, method: 'creditcard' },
        headers: { cookie: m.cookie },
      })
    ).json()
    const page = await t.app.inject({ url: checkout })
    expect(page.statusCode).toBe(200)
    for (const label of ['>Pay<', '>Fail<', '>Cancel<']) expect(page.body).toContain(label)
    const pressed = await t.app.inject({
      method: 'POST',
      url: checkout,
      payload: 'action=cancel',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(pressed.statusCode).toBe(303)
    expect(new URL(pressed.headers.location as string).pathname).toBe(`/credits/${bundle.id}/creditcard`)
    expect(new URL(pressed.headers.location as string).searchParams.get('payment')).toBe(id)
    const status = await t.app.inject({ url: `/api/payment.php?id=${id}`, headers: { cookie: m.cookie } })
    expect(status.json().status).toBe('canceled')
  })
})

describe('transactions and receipts', () => {
  // spec: DATA-10
  it('lists the member payments and credit movements, and shows a receipt of a paid payment to its owner only', async () => {
    const { psp, payments } = sandboxSetup()
    const m = await activeMember(t.app, { name: 'Receipt' })
    const other = await activeMember(t.app, { name: 'Nosy' })
    const bundle = await bundleOf(m, 100)
    const site = t.app.services.sites.list()[0]
    const created = await startCard(payments, m, bundle.id)
    await psp.act(created.checkout_url.split('/').pop() ?? '', 'pay')
    clock = new Date(clock.getTime() + 5000)
    await payments.get({ userId: m.user.id }, created.payment_id)
    const list = await payments.transactions({ userId: m.user.id }, site)
    expect(list.payments).toMatchObject([{ payment_id: created.payment_id, status: 'paid', credits: 100 }])
    expect(list.movements.map((x) => [x.reason, x.delta])).toEqual([
      ['payment', 100],
      ['signup', 20],
    ])
    expect(list.movements[0].balance_after).toBe(120)
    const receipt = await payments.receipt({ userId: m.user.id }, created.payment_id, site)
    expect(receipt.company).toMatchObject({
      name: 'Luna Media B.V.',
      kvk: '81234567',
      vat_numbers: ['NL862345678B01'],
    })
    expect(receipt.payment).toMatchObject({
      status: 'paid',
      amount: bundle.amount,
      list_amount: bundle.amount,
    })
    await expect(payments.receipt({ userId: other.user.id }, created.payment_id, site)).rejects.toMatchObject(
      {
        code: 'payments.not_found',
      },
    )
    const api = await t.app.inject({ url: '/api/transactions.php', headers: { cookie: other.cookie } })
    expect(api.json().payments).toEqual([])

    // A payment that was cancelled says so (the page shows no receipt for it).
    const dropped = await startCard(payments, m, bundle.id)
    await psp.act(dropped.checkout_url.split('/').pop() ?? '', 'cancel')
    clock = new Date(clock.getTime() + 5000)
    expect((await payments.receipt({ userId: m.user.id }, dropped.payment_id, site)).payment.status).toBe(
      'canceled',
    )
  })
})

describe('the Mollie provider', () => {
  let server: Server
  let endpoint = ''
  const mollie = new Map<string, { status: string; body: Record<string, unknown>; mandateId?: string }>()
  const refunds: Array<{ paymentId: string; amount: unknown }> = []
  const refundObjects: Array<Record<string, unknown> & { paymentId: string }> = []
  const idempotencyKeys: string[] = []
  const customers = new Map<string, Record<string, unknown>>()
  const mandates = new Map<string, Record<string, unknown>>()
  const requests: Array<{ method: string; url: string; auth: string | undefined }> = []

  let tlsDir = ''
  let tlsSetting: string | undefined

  beforeAll(async () => {
    // A local HTTPS server (the client speaks only https) answering in Mollie's documented format
    // (Payments API v2), with a throwaway self-signed certificate the client is told to accept.
    tlsDir = mkdtempSync(path.join(tmpdir(), 'mollie-'))
    const [key, cert] = [path.join(tlsDir, 'key.pem'), path.join(tlsDir, 'cert.pem')]
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
      ],
      { stdio: 'ignore' },
    )
    tlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'
    server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization })
      let raw = ''
      req.on('data', (c) => {
        raw += c
      })
      req.on('end', () => {
        const reply = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/hal+json' })
          res.end(JSON.stringify(body))
        }
        const view = (id: string) => {
          const p = mollie.get(id)
          if (!p) return null
          return {
            resource: 'payment',
            id,
            mode: 'test',
            createdAt: '2026-11-22T10:00:00+00:00',
            ...p.body,
            status: p.status,
            isCancelable: false,
            sequenceType: 'oneoff',
            ...(p.body.sequenceType ? { sequenceType: p.body.sequenceType } : {}),
            ...(p.mandateId ? { mandateId: p.mandateId } : {}),
            profileId: 'pfl_QkEhN94Ba',
            _links: {
              self: { href: `${endpoint}payments/${id}`, type: 'application/hal+json' },
              checkout: {
                href: `https://www.mollie.com/checkout/select-method/${id.slice(3)}`,
                type: 'text/html',
              },
              documentation: {
                href: 'https://docs.mollie.com/reference/v2/payments-api/create-payment',
                type: 'text/html',
              },
            },
          }
        }
        if (req.method === 'POST' && req.url === '/v2/payments') {
          const id = `tr_${Math.random().toString(36).slice(2, 12)}`
          const body = JSON.parse(raw)
          // A recurring payment on a valid mandate needs no payer: Mollie answers it pending.
          mollie.set(id, { status: body.sequenceType === 'recurring' ? 'pending' : 'open', body })
          return reply(201, view(id))
        }
        if (req.method === 'POST' && req.url === '/v2/customers') {
          const id = `cst_${Math.random().toString(36).slice(2, 12)}`
          customers.set(id, JSON.parse(raw))
          return reply(201, {
            resource: 'customer',
            id,
            mode: 'test',
            ...customers.get(id),
            locale: null,
            metadata: null,
            createdAt: '2026-11-22T10:00:00+00:00',
            _links: { self: { href: `${endpoint}customers/${id}`, type: 'application/hal+json' } },
          })
        }
        const mandatePath = req.url?.match(
          /^\/v2\/customers\/(cst_[a-z0-9]+)\/mandates(?:\/(mdt_[a-z0-9]+))?$/,
        )
        if (mandatePath && customers.has(mandatePath[1])) {
          const mandateView = (id: string) => ({
            resource: 'mandate',
            id,
            mode: 'test',
            status: 'valid',
            createdAt: '2026-11-22T10:00:00+00:00',
            ...mandates.get(id),
            _links: {
              self: {
                href: `${endpoint}customers/${mandatePath[1]}/mandates/${id}`,
                type: 'application/hal+json',
              },
            },
          })
          if (req.method === 'POST' && !mandatePath[2]) {
            const body = JSON.parse(raw)
            const id = `mdt_${Math.random().toString(36).slice(2, 12)}`
            mandates.set(id, {
              method: body.method,
              details: {
                consumerName: body.consumerName,
                consumerAccount: body.consumerAccount,
                consumerBic: null,
              },
              mandateReference: body.mandateReference,
              signatureDate: body.signatureDate,
            })
            return reply(201, mandateView(id))
          }
          if (req.method === 'GET' && mandatePath[2] && mandates.has(mandatePath[2]))
            return reply(200, mandateView(mandatePath[2]))
        }
        const refundPath = req.url?.match(/^\/v2\/payments\/(tr_[a-z0-9]+)\/refunds(\?.*)?$/)
        if (req.method === 'GET' && refundPath && mollie.has(refundPath[1])) {
          // List payment refunds: every refund of the payment, in one page.
          const made = refundObjects.filter((r) => r.paymentId === refundPath[1])
          return reply(200, {
            count: made.length,
            _embedded: { refunds: made },
            _links: {
              self: { href: `${endpoint}payments/${refundPath[1]}/refunds`, type: 'application/hal+json' },
              previous: null,
              next: null,
            },
          })
        }
        if (req.method === 'POST' && refundPath && mollie.get(refundPath[1])?.status === 'paid') {
          // Mollie's refund object (Refunds API, create payment refund).
          const body = JSON.parse(raw)
          const id = `re_${Math.random().toString(36).slice(2, 12)}`
          refunds.push({ paymentId: refundPath[1], amount: body.amount })
          idempotencyKeys.push(String(req.headers['idempotency-key'] ?? ''))
          const refund = {
            resource: 'refund',
            id,
            mode: 'test',
            amount: body.amount,
            status: 'pending',
            description: body.description ?? '',
            metadata: body.metadata ?? null,
            paymentId: refundPath[1],
            createdAt: '2026-11-22T10:00:00+00:00',
            _links: {
              self: {
                href: `${endpoint}payments/${refundPath[1]}/refunds/${id}`,
                type: 'application/hal+json',
              },
              payment: { href: `${endpoint}payments/${refundPath[1]}`, type: 'application/hal+json' },
            },
          }
          refundObjects.push(refund)
          return reply(201, refund)
        }
        const match = req.url?.match(/^\/v2\/payments\/(tr_[a-z0-9]+)/)
        const found = match ? view(match[1]) : null
        if (req.method === 'GET' && found) return reply(200, found)
        reply(404, { status: 404, title: 'Not Found', detail: 'No payment exists with token.', _links: {} })
      })
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    endpoint = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`
  })

  afterAll(() => {
    server.close()
    if (tlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsSetting
    rmSync(tlsDir, { recursive: true, force: true })
  })

  it('creates the payment at Mollie, fetches the status on every webhook, and grants once', async () => {
    const payments = createPaymentsService(t.database.db, {
      spending: t.app.services.spending,
      provider: mollieProvider({ apiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM', apiEndpoint: endpoint }),
      events: t.app.services.events,
      discounts: createDiscountsService(t.database.db, {
        now: systemClock,
        spending: createSpendingService(t.database.db, { now: systemClock }),
      }),
      now: systemClock,
      log: t.app.log,
      sites: t.app.services.sites,
      mail: t.app.services.mail,
    })
    const m = await activeMember(t.app, { name: 'Mollie' })
    const before = await account(m)
    const bundle = await bundleOf(m, 500)
    const created = await payments.start(
      { userId: m.user.id, siteId: t.app.services.sites.list()[0].id },
      t.app.services.sites.list()[0],
      {
        package: bundle.id,
        method: 'creditcard',
        locale: 'fr',
        origin: 'https://lunadate.com',
      },
    )
    expect(created.checkout_url).toMatch(/^https:\/\/www\.mollie\.com\/checkout\/select-method\//)
    const [id, sent] = [...mollie.entries()].at(-1) ?? []
    expect(sent?.body).toMatchObject({
      amount: { value: (bundle.amount / 100).toFixed(2), currency: 'EUR' },
      method: 'creditcard',
      locale: 'fr_FR',
      webhookUrl: 'https://lunadate.com/api/payment-webhook.php',
      redirectUrl: `https://lunadate.com/credits/${bundle.id}/creditcard?payment=${created.payment_id}`,
    })
    expect(requests.at(-1)?.auth).toBe('Bearer test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM')
    await payments.webhook(id ?? '')
    expect((await account(m)).credits).toBe(before.credits)

    const entry = mollie.get(id ?? '')
    if (entry) entry.status = 'paid'
    await Promise.all([payments.webhook(id ?? ''), payments.webhook(id ?? ''), payments.webhook(id ?? '')])
    await payments.webhook('tr_forged0000')
    const after = await account(m)
    expect(after).toMatchObject({ credits: before.credits + 500, paid: true, entries: before.entries + 1 })

    // A refund goes to Mollie's Refunds API for the whole amount.
    const refundsService = createRefundsService(t.database.db, {
      provider: mollieProvider({ apiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM', apiEndpoint: endpoint }),
      sites: t.app.services.sites,
      mail: t.app.services.mail,
      events: t.app.services.events,
      now: systemClock,
    })
    const refunded = await refundsService.refund(created.payment_id, 'Asked within the refund days', {
      staffId: null,
      email: 'support@example.com',
      role: 'support',
      ip: null,
    })
    expect(refunded.payment).toMatchObject({ status: 'refunded', taken_back: 500 })
    expect(refunds).toEqual([
      { paymentId: id, amount: { value: (bundle.amount / 100).toFixed(2), currency: 'EUR' } },
    ])
    expect((await account(m)).credits).toBe(before.credits)
    // The refund carries its idempotency key, as the header and in its metadata: asked again after
    // Mollie forgot the header's key (an hour), the refund is found among the payment's, not made again.
    expect(idempotencyKeys).toEqual([`refund_${created.payment_id}`])
    const provider = mollieProvider({ apiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM', apiEndpoint: endpoint })
    const again = await provider.refund({
      providerId: id ?? '',
      amount: bundle.amount,
      currency: 'EUR',
      description: 'again',
      idempotencyKey: `refund_${created.payment_id}`,
    })
    expect(again).toBe(refundObjects[0].id)
    expect(refunds).toHaveLength(1)
  })

  it('takes the credits back when Mollie reports the payment charged back', async () => {
    const payments = createPaymentsService(t.database.db, {
      spending: t.app.services.spending,
      provider: mollieProvider({ apiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM', apiEndpoint: endpoint }),
      events: t.app.services.events,
      discounts: createDiscountsService(t.database.db, {
        now: systemClock,
        spending: createSpendingService(t.database.db, { now: systemClock }),
      }),
      now: systemClock,
      log: t.app.log,
      sites: t.app.services.sites,
      mail: t.app.services.mail,
    })
    const m = await activeMember(t.app, { name: 'Chargeback' })
    const before = await account(m)
    const bundle = await bundleOf(m, 100)
    await payments.start(
      { userId: m.user.id, siteId: t.app.services.sites.list()[0].id },
      t.app.services.sites.list()[0],
      {
        package: bundle.id,
        method: 'paypal',
        locale: 'en',
        origin: 'https://lunadate.com',
      },
    )
    const [id, entry] = [...mollie.entries()].at(-1) ?? []
    if (!id || !entry) throw new Error('no payment at Mollie')
    entry.status = 'paid'
    await payments.webhook(id)
    expect((await account(m)).credits).toBe(before.credits + 100)
    // Mollie keeps the payment paid and states the amount charged back.
    entry.body.amountChargedBack = { value: (bundle.amount / 100).toFixed(2), currency: 'EUR' }
    await payments.webhook(id)
    expect((await account(m)).credits).toBe(before.credits)
  })

  it('saves the card of a first payment, buys again on it, and makes SEPA mandates', async () => {
    const provider = mollieProvider({ apiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM', apiEndpoint: endpoint })
    const payments = createPaymentsService(t.database.db, {
      spending: t.app.services.spending,
      provider,
      events: t.app.services.events,
      discounts: createDiscountsService(t.database.db, {
        now: systemClock,
        spending: createSpendingService(t.database.db, { now: systemClock }),
      }),
      now: systemClock,
      log: t.app.log,
      sites: t.app.services.sites,
      mail: t.app.services.mail,
    })
    const site = t.app.services.sites.list()[0]
    const m = await activeMember(t.app, { name: 'Cardsaver' })
    const before = await account(m)
    const bundle = await bundleOf(m, 250)
    const created = await payments.start(
      { userId: m.user.id, siteId: t.app.services.sites.list()[0].id },
      site,
      {
        package: bundle.id,
        method: 'creditcard',
        locale: 'en',
        origin: 'https://lunadate.com',
      },
    )
    // The member's customer record first, then a first payment for it.
    const [customerId, customer] = [...customers.entries()].at(-1) ?? []
    expect(customer).toMatchObject({ name: 'Cardsaver', email: m.email })
    const [id, sent] = [...mollie.entries()].at(-1) ?? []
    expect(sent?.body).toMatchObject({ customerId, sequenceType: 'first', method: 'creditcard' })
    // Paid: Mollie made a card mandate.
    const mandateId = 'mdt_card4242'
    mandates.set(mandateId, {
      method: 'creditcard',
      details: {
        cardHolder: 'C. Saver',
        cardNumber: '4242',
        cardLabel: 'Visa',
        cardExpiryDate: '2030-12-31',
      },
    })
    if (sent) Object.assign(sent, { status: 'paid', mandateId })
    await payments.webhook(id ?? '')
    expect((await payments.get({ userId: m.user.id }, created.payment_id)).status).toBe('paid')
    expect(await payments.repeatOffer({ userId: m.user.id }, site)).toMatchObject({
      package: bundle.id,
      card: 'Visa ••••\u00a04242',
      method: 'creditcard',
    })

    const again = await payments.repeat({ userId: m.user.id }, site, 'https://lunadate.com', { locale: 'en' })
    const [recurringId, recurring] = [...mollie.entries()].at(-1) ?? []
    expect(recurring?.body).toMatchObject({
      customerId,
      mandateId,
      sequenceType: 'recurring',
      amount: { value: (bundle.amount / 100).toFixed(2), currency: 'EUR' },
      webhookUrl: 'https://lunadate.com/api/payment-webhook.php',
    })
    expect((await payments.get({ userId: m.user.id }, again.payment_id)).status).toBe('pending')
    if (recurring) recurring.status = 'paid'
    await payments.webhook(recurringId ?? '')
    expect(await account(m)).toMatchObject({
      credits: before.credits + 500,
      paid: true,
      entries: before.entries + 2,
    })
    expect((await payments.get({ userId: m.user.id }, again.payment_id)).status).toBe('paid')

    const mandate = await provider.createMandate({
      customerId: customerId ?? '',
      holder: 'Anna de Vries',
      iban: 'NL91ABNA0417164300',
      reference: 'pay_ref',
      signedOn: '2031-09-08',
    })
    expect(mandates.get(mandate)).toMatchObject({
      signatureDate: '2031-09-08',
      method: 'directdebit',
      details: { consumerName: 'Anna de Vries', consumerAccount: 'NL91ABNA0417164300' },
      mandateReference: 'pay_ref',
    })
  })
})
