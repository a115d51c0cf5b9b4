import {
  createMollieClient,
  MandateMethod,
  type PaymentMethod as MollieMethod,
  SequenceType,
} from '@mollie/api-client'
import type { PaymentStatus } from '#common/schemas/credits.ts'
import type { PaymentProvider } from './provider.ts'

/** Our method names (spec section 3) as Mollie's. */
const MOLLIE_METHODS: Record<string, string> = {
  prezelewy24: 'przelewy24',
  cartebancaire: 'creditcard',
  mastercard: 'creditcard',
  visa: 'creditcard',
  maestro: 'creditcard',
  nexi: 'creditcard',
  sct: 'banktransfer',
  sdd: 'directdebit',
}

const STATUSES: Record<string, PaymentStatus> = {
  open: 'open',
  pending: 'pending',
  authorized: 'pending',
  paid: 'paid',
  failed: 'failed',
  canceled: 'canceled',
  expired: 'expired',
}

/** Mollie through @mollie/api-client (MOLLIE_API_KEY); `apiEndpoint` lets tests use a local server. */
export function mollieProvider(options: { apiKey: string; apiEndpoint?: string }): PaymentProvider {
  const client = createMollieClient({ apiKey: options.apiKey, apiEndpoint: options.apiEndpoint })
  return {
    name: 'mollie',
    async createCustomer(p) {
      return (await client.customers.create({ name: p.name, email: p.email })).id
    },
    async create(p) {
      const payment = await client.payments.create({
        amount: { value: (p.amount / 100).toFixed(2), currency: p.currency },
        description: p.description,
        redirectUrl: p.redirectUrl,
        webhookUrl: p.webhookUrl,
        method: (MOLLIE_METHODS[p.method] ?? p.method) as MollieMethod,
        locale: (p.locale === 'fr' ? 'fr_FR' : 'en_US') as never,
        metadata: p.metadata,
        ...(p.customerId ? { customerId: p.customerId, sequenceType: SequenceType.first } : {}),
      })
      const checkoutUrl = payment.getCheckoutUrl()
      if (!checkoutUrl) throw new Error('Mollie gave no checkout URL')
      return { providerId: payment.id, checkoutUrl }
    },
    async createMandate(p) {
      const mandate = await client.customerMandates.create({
        customerId: p.customerId,
        method: MandateMethod.directdebit,
        consumerName: p.holder,
        consumerAccount: p.iban,
        signatureDate: p.signedOn,
        mandateReference: p.reference,
      })
      return mandate.id
    },
    async charge(p) {
      const payment = await client.payments.create({
        amount: { value: (p.amount / 100).toFixed(2), currency: p.currency },
        description: p.description,
        redirectUrl: p.redirectUrl,
        webhookUrl: p.webhookUrl,
        metadata: p.metadata,
        customerId: p.customerId,
        mandateId: p.mandateId,
        sequenceType: SequenceType.recurring,
      })
      return { providerId: payment.id }
    },
    async savedCard(providerId, customerId) {
      const payment = await client.payments.get(providerId)
      if (payment.status !== 'paid' || !payment.mandateId) return null
      const mandate = await client.customerMandates.get(payment.mandateId, { customerId })
      const details = mandate.details as { cardNumber?: string; cardLabel?: string | null }
      const last4 = String(details.cardNumber ?? '').slice(-4)
      return {
        mandateId: mandate.id,
        label: [details.cardLabel, `••••\u00a0${last4}`].filter(Boolean).join(' '),
      }
    },
    async chargedBack(providerId) {
      // Mollie keeps such a payment paid and states what was charged back (and calls the webhook).
      const payment = await client.payments.get(providerId)
      return Number(payment.amountChargedBack?.value ?? 0) > 0
    },
    async refund(p) {
      // Mollie keeps an idempotency key's answer for an hour: a refund asked again later (a job's
      // retry after a timeout) is found among the payment's refunds by the key in its metadata.
      for await (const made of client.paymentRefunds.iterate({ paymentId: p.providerId })) {
        const metadata = made.metadata as { key?: string } | null
        if (metadata?.key === p.idempotencyKey && made.status !== 'failed') return made.id
      }
      const refund = await client.paymentRefunds.create({
        paymentId: p.providerId,
        amount: { value: (p.amount / 100).toFixed(2), currency: p.currency },
        description: p.description,
        metadata: { key: p.idempotencyKey },
        // Sent as the Idempotency-Key header: Mollie answers a repeated request with its first answer.
        idempotencyKey: p.idempotencyKey,
      })
      return refund.id
    },
    async cancel(providerId) {
      // DELETE /v2/payments/{id}: refused (422) for a payment whose method cannot be cancelled.
      try {
        return (await client.payments.cancel(providerId)).status === 'canceled'
      } catch {
        return false
      }
    },
    async status(providerId) {
      try {
        const payment = await client.payments.get(providerId)
        return STATUSES[payment.status] ?? null
      } catch {
        return null
      }
    },
  }
}
