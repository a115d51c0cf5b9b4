import type {
  PaymentStatus,
  PaymentStatusResponse,
  ReceiptResponse,
  TransactionsResponse,
} from '#common/schemas/credits.ts'
import { withdrawableUntil } from '#common/withdrawal.ts'
import type { Db } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { listMovements } from '#server/modules/credits/credits.service.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import type { Settlement } from './payment-settlement.ts'
import { type PaymentRow, selectPayment, selectPaymentsOf } from './payments.queries.ts'

/** Until when a purchase may still be withdrawn from (ADR 32), or null where it cannot be now. */
function withdrawUntil(row: PaymentRow, site: Site, at: Date): string | null {
  if (row.status !== 'paid' || !row.creditedAt || row.refundedAt) return null
  const until = withdrawableUntil(row.creditedAt, site.settings.refund_days)
  return until >= at ? until.toISOString() : null
}

function toStatus(row: PaymentRow): PaymentStatusResponse {
  return {
    payment_id: row.id,
    status: row.status as PaymentStatus,
    credits: row.credits,
    amount: row.amount,
    currency: row.currency,
    method: row.method,
    package: row.packageId,
  }
}

/** A member's own payments: one's status (asked of the provider while open), the list, a receipt. */
export function createPaymentHistory(db: Db, deps: { settlement: Settlement; now: Clock }) {
  const { refresh } = deps.settlement
  return {
    /** GET /api/payment.php: the member's own payment, its status asked of the provider while open. */
    async get(member: { userId: number }, id: string): Promise<PaymentStatusResponse> {
      const payment = await selectPayment(db, id)
      if (!payment || payment.userId !== member.userId) throw new AppError('payments.not_found', 404)
      return toStatus(await refresh(payment))
    },

    /** GET /api/transactions.php, /transactions: the member's payments and credit movements. */
    async transactions(member: { userId: number }, site: Site): Promise<TransactionsResponse> {
      const [rows, movements] = await Promise.all([
        selectPaymentsOf(db, member.userId, 200),
        listMovements(db, member.userId, 200),
      ])
      const at = deps.now()
      return {
        payments: rows.map((row) => ({
          ...toStatus(row),
          created_at: row.createdAt.toISOString(),
          withdraw_until: withdrawUntil(row, site, at),
          withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
        })),
        movements,
      }
    },

    /** /transactions/{id}: the receipt of one of the member's payments, with the seller's details. */
    async receipt(member: { userId: number }, id: string, site: Site): Promise<ReceiptResponse> {
      const payment = await selectPayment(db, id)
      if (!payment || payment.userId !== member.userId) throw new AppError('payments.not_found', 404)
      const fresh = await refresh(payment)
      const c = site.company
      return {
        payment: {
          ...toStatus(fresh),
          created_at: fresh.createdAt.toISOString(),
          list_amount: fresh.listAmount,
        },
        company: {
          name: c.name,
          address: c.address,
          city: c.city,
          country: c.country,
          kvk: c.kvk,
          vat_numbers: c.vat_numbers,
        },
        site: site.settings.name,
      }
    },
  }
}
