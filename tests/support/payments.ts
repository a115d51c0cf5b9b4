import { createDiscountsService } from '#server/modules/payments/discounts.service.ts'
import { createPaymentsService } from '#server/modules/payments/payments.service.ts'
import { sandboxProvider } from '#server/modules/payments/sandbox-provider.ts'
import { createSandboxPspService } from '#server/modules/sandbox-psp/sandbox-psp.service.ts'
import { createSpendingService } from '#server/modules/spending/spending.service.ts'
import type { TestApp } from './test-app.ts'

/**
 * The payments service on a sandbox PSP whose clock the test moves (a paid payment settles 2 s
 * later); the PSP's webhook calls are recorded instead of sent.
 */
export function sandboxPayments(t: TestApp, now: () => Date) {
  const webhooks: string[] = []
  const psp = createSandboxPspService(t.database.db, {
    now,
    settleMs: 2000,
    callWebhook: async (_url, id) => {
      webhooks.push(id)
    },
  })
  const payments = createPaymentsService(t.database.db, {
    spending: createSpendingService(t.database.db, { now }),
    provider: sandboxProvider(psp),
    events: t.app.services.events,
    discounts: createDiscountsService(t.database.db, {
      now,
      spending: createSpendingService(t.database.db, { now }),
    }),
    now,
    log: t.app.log,
    sites: t.app.services.sites,
    mail: t.app.services.mail,
  })
  return { psp, payments, webhooks }
}

/** The test's clock: what the services read, and how the test moves it on. */
export interface TestClock {
  now: () => Date
  advance: (ms: number) => void
}

/** A clock that starts at `iso` and that the test moves on. */
export function testClockAt(iso: string): TestClock {
  let at = new Date(iso)
  return {
    now: () => at,
    advance: (ms) => {
      at = new Date(at.getTime() + ms)
    },
  }
}

/**
 * A member's purchase of the bundle of `credits` by card in the sandbox, paid and credited: the
 * clock is moved past the PSP's 2 s of processing and the webhook is called.
 */
export async function sandboxPurchase(
  t: TestApp,
  clock: TestClock,
  member: { user: { id: number }; cookie: string },
  options: { credits: number; code?: string; checked_in?: boolean },
) {
  const { psp, payments } = sandboxPayments(t, clock.now)
  const { packages } = (
    await t.app.inject({ url: '/api/credits.php', headers: { cookie: member.cookie } })
  ).json()
  const bundle = packages.find((p: { credits: number }) => p.credits === options.credits)
  const site = t.app.services.sites.list()[0]
  const created = await payments.start({ userId: member.user.id, siteId: site.id }, site, {
    package: bundle.id,
    method: 'creditcard',
    ...(options.code ? { code: options.code } : {}),
    ...(options.checked_in ? { checked_in: true } : {}),
    locale: 'en',
    origin: 'http://localhost:3000',
  })
  const providerId = created.checkout_url.split('/').pop() ?? ''
  await psp.act(providerId, 'pay')
  clock.advance(2500)
  await payments.webhook(providerId)
  return { payment: created.payment_id as string, providerId, psp, payments, bundle, site }
}

/** A member's account details for /directdebit: a Dutch IBAN and address, and the number given. */
export function directDebitDetails(pkg: number, phone: string, iban = 'NL91ABNA0417164300') {
  return {
    package: pkg,
    holder: 'Anna de Vries',
    iban,
    street: 'Keizersgracht',
    house_number: '12a',
    zip: '1015 CX',
    city: 'Amsterdam',
    phone,
  }
}
