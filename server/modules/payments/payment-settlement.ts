import type { FastifyBaseLogger } from 'fastify'
import type { PaymentStatus } from '#common/schemas/credits.ts'
import type { Db } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { EventBus } from '#server/lib/events.ts'
import { changeCredits } from '#server/modules/credits/credits.service.ts'
import { enqueueMail, type MailService } from '#server/modules/mail/mail.service.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'
import { consumeDiscount, releaseDiscount } from './discounts.queries.ts'
import { insertMandate, revokeMandate, selectCustomer } from './mandates.queries.ts'
import {
  claimCredit,
  markPaidUser,
  type PaymentRow,
  selectPayment,
  updateStatus,
} from './payments.queries.ts'
import type { PaymentProvider } from './provider.ts'
import { receiptMail } from './receipt-mail.ts'
import { selectPaymentContact } from './refunds.queries.ts'

/** The statuses a payment keeps for good. */
const FINAL: ReadonlySet<string> = new Set(['paid', 'failed', 'canceled', 'expired'])

export type Settlement = ReturnType<typeof createSettlement>

/**
 * What a payment's status from the provider does: a paid payment grants its credits exactly once
 * (and uses its discount code, and saves its card); one that will not be paid gives its code back.
 */
export function createSettlement(
  db: Db,
  deps: {
    provider: PaymentProvider
    events: EventBus
    now: Clock
    log: Pick<FastifyBaseLogger, 'warn'>
    sites: SitesService
    mail: MailService
  },
) {
  const { provider, now } = deps

  /** Applies the provider's status; grants the credits when it is paid and was not credited yet. */
  async function apply(payment: PaymentRow, status: PaymentStatus | null): Promise<PaymentRow> {
    if (!status || status === payment.status || payment.creditedAt) return payment
    if (status !== 'paid') {
      await db.transaction(async (tx) => {
        await updateStatus(tx, payment.id, status, now())
        // A payment that will not be paid gives its discount code back.
        if (FINAL.has(status)) await releaseDiscount(tx, payment.id)
      })
      // A saved card that declined a one-click purchase is not offered again.
      if (
        status === 'failed' &&
        payment.sequence === 'recurring' &&
        payment.method !== 'sdd' &&
        payment.mandateId
      )
        await revokeMandate(db, provider.name, payment.mandateId, now())
      return (await selectPayment(db, payment.id)) ?? payment
    }
    const granted = await db.transaction(async (tx) => {
      const claimed = await claimCredit(tx, payment.id, now())
      if (!claimed) return null
      const credits = await changeCredits(tx, {
        userId: claimed.userId,
        delta: claimed.credits,
        reason: 'payment',
        reference: claimed.id,
      })
      await markPaidUser(tx, claimed.userId)
      if (claimed.discountCode) {
        await consumeDiscount(tx, {
          code: claimed.discountCode,
          userId: claimed.userId,
          paymentId: claimed.id,
        })
      }
      // The receipt, with the withdrawal link (ADR 32), goes with the credits: both or neither.
      const to = await selectPaymentContact(tx, claimed.userId)
      if (to) {
        const site = deps.sites.byId(claimed.siteId)
        await enqueueMail(tx, receiptMail(site, deps.sites.origin(site), to, claimed))
      }
      return { row: claimed, credits }
    })
    if (granted) {
      deps.mail.kick()
      // The purchase stands whatever happens to the card: one that cannot be saved is just not offered.
      if (granted.row.sequence === 'first')
        await saveCard(granted.row).catch((error: unknown) =>
          deps.log.warn(
            { err: error, paymentId: granted.row.id },
            'the card of a paid payment could not be saved',
          ),
        )
      deps.events.emit({ type: 'credits.changed', userId: granted.row.userId, credits: granted.credits })
      deps.events.emit({
        type: 'payment.updated',
        userId: granted.row.userId,
        paymentId: granted.row.id,
        status: 'paid',
      })
    }
    return (await selectPayment(db, payment.id)) ?? payment
  }

  /** The card a paid first payment saved, kept for one-click purchases. */
  async function saveCard(payment: PaymentRow) {
    if (!payment.providerId) return
    const customerId = await selectCustomer(db, payment.userId, provider.name)
    if (!customerId) return
    const card = await provider.savedCard(payment.providerId, customerId)
    if (!card) return
    await insertMandate(db, {
      userId: payment.userId,
      provider: provider.name,
      customerId,
      mandateId: card.mandateId,
      kind: 'card',
      method: payment.method,
      label: card.label,
    })
  }

  async function refresh(payment: PaymentRow): Promise<PaymentRow> {
    if (FINAL.has(payment.status) || !payment.providerId) return payment
    return apply(payment, await provider.status(payment.providerId))
  }

  return {
    apply,
    refresh,
    /** A payment the provider never took: cancelled, so it counts nowhere and gives its code back. */
    cancel: (id: string) =>
      db.transaction(async (tx) => {
        await updateStatus(tx, id, 'canceled', now())
        await releaseDiscount(tx, id)
      }),
  }
}
