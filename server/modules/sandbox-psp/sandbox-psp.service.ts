import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  sandboxCustomers,
  sandboxMandates,
  sandboxPayments,
  sandboxRefunds,
} from '#server/db/schema/payments.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'

/** How long a paid sandbox payment stays pending (processing) before it is paid. */
const SETTLE_MS = 2000
/** An unpaid sandbox payment expires after this long, as a PSP's would. */
const EXPIRES_MS = 15 * 60 * 1000

type SandboxStatus = 'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired'
/** The sandbox's test cards: one that works, one that is saved but declines later charges. */
export const TEST_CARDS = { '4242': { declines: false }, '0341': { declines: true } } as const
export type TestCard = keyof typeof TEST_CARDS
export type SandboxPspService = ReturnType<typeof createSandboxPspService>

/**
 * A payment service provider inside the app (docs/architecture.md §1): it keeps its own payments, shows
 * a checkout page with Pay, Fail and Cancel, lets a paid payment be processed for a moment before it
 * is paid, and calls the merchant's webhook with nothing but the payment id.
 */
export function createSandboxPspService(
  db: Db,
  deps: {
    callWebhook?: (url: string, id: string) => Promise<void>
    now: Clock
    settleMs?: number
  },
) {
  const { now } = deps
  const settleMs = deps.settleMs ?? SETTLE_MS
  const callWebhook =
    deps.callWebhook ??
    (async (url: string, id: string) => {
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id }).toString(),
        signal: AbortSignal.timeout(5000),
      }).catch(() => {})
    })

  /** The status now: a pending payment whose moment has passed is paid; an old open one expired. */
  async function status(id: string) {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1)
    if (!row) return null
    const at = now()
    let next = row.status as SandboxStatus
    if (next === 'pending' && row.settlesAt && row.settlesAt <= at) next = 'paid'
    if (next === 'open' && row.expiresAt <= at) next = 'expired'
    if (next !== row.status)
      await db.update(sandboxPayments).set({ status: next }).where(eq(sandboxPayments.id, id))
    return { ...row, status: next }
  }

  /** Pending now, paid once settled; the merchant is told now and again when it is paid. */
  async function settle(id: string, webhookUrl: string) {
    await db
      .update(sandboxPayments)
      .set({ status: 'pending', settlesAt: new Date(now().getTime() + settleMs) })
      .where(eq(sandboxPayments.id, id))
    void callWebhook(webhookUrl, id)
    setTimeout(() => void callWebhook(webhookUrl, id), settleMs + 50).unref()
  }

  async function mandate(customerId: string, mandateId: string) {
    const [row] = await db
      .select()
      .from(sandboxMandates)
      .where(and(eq(sandboxMandates.id, mandateId), eq(sandboxMandates.customerId, customerId)))
      .limit(1)
    return row ?? null
  }

  return {
    status,
    mandate,

    async createCustomer(p: { name: string; email: string }) {
      const id = `cst_${randomBytes(8).toString('hex')}`
      await db.insert(sandboxCustomers).values({ id, ...p })
      return id
    },

    async create(p: {
      amount: number
      currency: string
      description: string
      method: string
      redirectUrl: string
      webhookUrl: string
      customerId?: string
      sequenceType?: 'oneoff' | 'first'
    }) {
      const id = `tr_${randomBytes(10).toString('hex')}`
      await db.insert(sandboxPayments).values({ id, ...p, expiresAt: new Date(now().getTime() + EXPIRES_MS) })
      return { id, checkoutUrl: `/sandbox/checkout/${id}` }
    },

    /** A SEPA direct debit mandate, signed by the account holder (the merchant checked the SMS code). */
    async createMandate(p: { customerId: string; consumerName: string; consumerAccount: string }) {
      const [customer] = await db
        .select({ id: sandboxCustomers.id })
        .from(sandboxCustomers)
        .where(eq(sandboxCustomers.id, p.customerId))
      if (!customer) throw new AppError('sandbox.not_found', 404)
      const id = `mdt_${randomBytes(8).toString('hex')}`
      await db.insert(sandboxMandates).values({
        id,
        customerId: p.customerId,
        method: 'directdebit',
        last4: p.consumerAccount.slice(-4),
        consumerName: p.consumerName,
      })
      return id
    },

    /**
     * A recurring payment on a stored mandate, without the payer: pending, then paid; failed at once
     * when the mandate is not valid or the card declines later charges.
     */
    async charge(p: {
      amount: number
      currency: string
      description: string
      webhookUrl: string
      redirectUrl: string
      customerId: string
      mandateId: string
    }) {
      const found = await mandate(p.customerId, p.mandateId)
      if (!found) throw new AppError('sandbox.not_found', 404)
      const id = `tr_${randomBytes(10).toString('hex')}`
      await db.insert(sandboxPayments).values({
        id,
        ...p,
        method: found.method,
        sequenceType: 'recurring',
        expiresAt: new Date(now().getTime() + EXPIRES_MS),
      })
      if (found.status !== 'valid' || found.declines) {
        await db.update(sandboxPayments).set({ status: 'failed' }).where(eq(sandboxPayments.id, id))
        void callWebhook(p.webhookUrl, id)
      } else {
        await settle(id, p.webhookUrl)
      }
      return { id }
    },

    /** The payer's bank takes a paid payment back, and the merchant is told (tests and demos). */
    async chargeBack(id: string) {
      const current = await status(id)
      if (current?.status !== 'paid') throw new AppError('payments.not_refundable', 409)
      await db.update(sandboxPayments).set({ chargedBackAt: now() }).where(eq(sandboxPayments.id, id))
      await callWebhook(current.webhookUrl, id)
    },

    /**
     * Refunds a paid payment (at most what is left of it), as a PSP would; answers a refund id. A
     * refund asked again with the same idempotency key answers the refund it made, without paying
     * again (Mollie keeps an idempotency key's answer for an hour; the sandbox for good).
     */
    async refund(id: string, amount: number, idempotencyKey: string) {
      await status(id) // a payment whose moment has passed is paid
      return db.transaction(async (tx) => {
        const [done] = await tx
          .select({ id: sandboxRefunds.id })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey))
        if (done) return done.id
        const [current] = await tx
          .select()
          .from(sandboxPayments)
          .where(eq(sandboxPayments.id, id))
          .for('update')
        if (current?.status !== 'paid') throw new AppError('payments.not_refundable', 409)
        if (current.refundedAmount + amount > current.amount)
          throw new AppError('payments.not_refundable', 409)
        await tx
          .update(sandboxPayments)
          .set({ refundedAmount: current.refundedAmount + amount })
          .where(eq(sandboxPayments.id, id))
        const refundId = `re_${randomBytes(8).toString('hex')}`
        await tx
          .insert(sandboxRefunds)
          .values({ id: refundId, paymentId: id, amount, idempotencyKey, createdAt: now() })
        return refundId
      })
    },

    /**
     * The payer pressed Pay (with a test card), Fail or Cancel on the checkout page; or, for a
     * recurring payment still pending, the bank returned the debit (Fail).
     */
    async act(id: string, action: 'pay' | 'fail' | 'cancel', card: TestCard = '4242') {
      const current = await status(id)
      if (!current) throw new AppError('sandbox.not_found', 404)
      const returned =
        action === 'fail' && current.status === 'pending' && current.sequenceType === 'recurring'
      if (current.status !== 'open' && !returned) return current
      if (action === 'pay') {
        if (current.sequenceType === 'first' && current.customerId) {
          const mandateId = `mdt_${randomBytes(8).toString('hex')}`
          await db.insert(sandboxMandates).values({
            id: mandateId,
            customerId: current.customerId,
            method: 'creditcard',
            last4: card,
            declines: TEST_CARDS[card].declines,
          })
          await db.update(sandboxPayments).set({ mandateId }).where(eq(sandboxPayments.id, id))
        }
        await settle(id, current.webhookUrl)
        return { ...current, status: 'pending' as const }
      }
      const next = action === 'fail' ? 'failed' : 'canceled'
      await db
        .update(sandboxPayments)
        .set({ status: next, settlesAt: null })
        .where(eq(sandboxPayments.id, id))
      void callWebhook(current.webhookUrl, id)
      return { ...current, status: next }
    },
  }
}
