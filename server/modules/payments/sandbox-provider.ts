import type { SandboxPspService } from '#server/modules/sandbox-psp/sandbox-psp.service.ts'
import type { PaymentProvider } from './provider.ts'

/** The default provider: the sandbox PSP inside the app. */
export function sandboxProvider(psp: SandboxPspService): PaymentProvider {
  return {
    name: 'sandbox',
    createCustomer: (p) => psp.createCustomer(p),
    async create(p) {
      const created = await psp.create({
        amount: p.amount,
        currency: p.currency,
        description: p.description,
        method: p.method,
        redirectUrl: p.redirectUrl,
        webhookUrl: p.webhookUrl,
        ...(p.customerId ? { customerId: p.customerId, sequenceType: 'first' as const } : {}),
      })
      return { providerId: created.id, checkoutUrl: created.checkoutUrl }
    },
    createMandate: (p) =>
      psp.createMandate({ customerId: p.customerId, consumerName: p.holder, consumerAccount: p.iban }),
    async charge(p) {
      const { id } = await psp.charge(p)
      return { providerId: id }
    },
    async status(providerId) {
      return (await psp.status(providerId))?.status ?? null
    },
    async savedCard(providerId, customerId) {
      const payment = await psp.status(providerId)
      if (!payment?.mandateId || payment.status !== 'paid') return null
      const mandate = await psp.mandate(customerId, payment.mandateId)
      return mandate ? { mandateId: mandate.id, label: `••••\u00a0${mandate.last4}` } : null
    },
    refund: (p) => psp.refund(p.providerId, p.amount, p.idempotencyKey),
    cancel: async (providerId) => (await psp.act(providerId, 'cancel')).status === 'canceled',
    chargedBack: async (providerId) => Boolean((await psp.status(providerId))?.chargedBackAt),
  }
}
