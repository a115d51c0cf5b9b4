import { createDiscountsService } from '#server/modules/payments/discounts.service.ts'
import { createPaymentsService } from '#server/modules/payments/payments.service.ts'
import { sandboxProvider } from '#server/modules/payments/sandbox-provider.ts'
import { createSandboxPspService } from '#server/modules/sandbox-psp/sandbox-psp.service.ts'
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
    provider: sandboxProvider(psp),
    events: t.app.services.events,
    discounts: createDiscountsService(t.database.db, { now }),
    now,
    log: t.app.log,
    sites: t.app.services.sites,
    mail: t.app.services.mail,
  })
  return { psp, payments, webhooks }
}
