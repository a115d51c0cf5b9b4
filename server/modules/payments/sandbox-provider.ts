import type { SandboxPspService } from '#server/modules/sandbox-psp/sandbox-psp.service.ts'
import type { PaymentProvider } from './provider.ts'

/** The default provider: the sandbox PSP inside the app. */
export function sandboxProvider(psp: SandboxPspService): PaymentProvider {
  return {
    name: 'sandbox',
    async create(p) {
      const created = await psp.create({
        amount: p.amount,
        currency: p.currency,
        description: p.description,
        method: p.method,
        redirectUrl: p.redirectUrl,
        webhookUrl: p.webhookUrl,
      })
      return { providerId: created.id, checkoutUrl: created.checkoutUrl }
    },
    async status(providerId) {
      return (await psp.status(providerId))?.status ?? null
    },
  }
}
