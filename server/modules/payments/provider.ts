import type { PaymentStatus } from '#common/schemas/credits.ts'

/** A card a paid first payment saved, as the member may see it. */
type SavedCard = { mandateId: string; label: string }

/**
 * What the payments service needs of a PSP (docs/architecture.md §1: sandbox or Mollie), modelled on
 * Mollie's API: one-off and first payments go through the provider's checkout; a first card
 * payment saves the card as a mandate of the member's customer record; recurring payments are
 * charged on a mandate without the member (a saved card, or a SEPA direct debit mandate).
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'mollie'
  createCustomer(p: { name: string; email: string }): Promise<string>
  create(p: {
    amount: number
    currency: string
    description: string
    method: string
    redirectUrl: string
    webhookUrl: string
    locale: string
    metadata: Record<string, string>
    /** With a customer, a first payment: the card is saved for one-click purchases once paid. */
    customerId?: string
  }): Promise<{ providerId: string; checkoutUrl: string }>
  /**
   * A SEPA direct debit mandate for an account the member confirmed with an SMS code, signed on
   * `signedOn` (YYYY-MM-DD, the injected clock's day).
   */
  createMandate(p: {
    customerId: string
    holder: string
    iban: string
    reference: string
    signedOn: string
  }): Promise<string>
  /** A recurring payment on a mandate: no checkout; its status arrives like any other. */
  charge(p: {
    amount: number
    currency: string
    description: string
    redirectUrl: string
    webhookUrl: string
    metadata: Record<string, string>
    customerId: string
    mandateId: string
  }): Promise<{ providerId: string }>
  /** The payment's status as the provider knows it (a webhook call is never trusted). */
  status(providerId: string): Promise<PaymentStatus | null>
  /** The card a paid first payment saved, if any. */
  savedCard(providerId: string, customerId: string): Promise<SavedCard | null>
  /** Whether the payer's bank took a paid payment back (a chargeback, a returned direct debit). */
  chargedBack(providerId: string): Promise<boolean>
  /**
   * Pays a paid payment's amount back to the payer (ADR 17); answers the provider's refund id. The
   * same idempotency key asked again (a retry after a timeout) answers the same refund, never a second.
   */
  refund(p: {
    providerId: string
    amount: number
    currency: string
    description: string
    idempotencyKey: string
  }): Promise<string>
  /**
   * Cancels an open payment nobody will finish (its member started another checkout); answers
   * whether the provider cancelled it (some methods cannot be cancelled: they expire on their own).
   */
  cancel(providerId: string): Promise<boolean>
}
