import type { PaymentStatus } from '#common/schemas/credits.ts'

/** What the payments service needs of a PSP (DESIGN.md section 1: sandbox or Mollie). */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'mollie'
  create(p: {
    amount: number
    currency: string
    description: string
    method: string
    redirectUrl: string
    webhookUrl: string
    locale: string
    metadata: Record<string, string>
  }): Promise<{ providerId: string; checkoutUrl: string }>
  /** The payment's status as the provider knows it (a webhook call is never trusted). */
  status(providerId: string): Promise<PaymentStatus | null>
}
