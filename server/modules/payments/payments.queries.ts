import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq, isNull, lt, ne } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { profiles, users } from '#server/db/schema/members.ts'
import { creditPackages, payments } from '#server/db/schema/payments.ts'

export function selectPackages(db: Executor, siteId: number, currency: string) {
  return db
    .select()
    .from(creditPackages)
    .where(
      and(
        eq(creditPackages.siteId, siteId),
        eq(creditPackages.currency, currency),
        eq(creditPackages.active, true),
      ),
    )
    .orderBy(asc(creditPackages.position), asc(creditPackages.credits))
}

export async function selectPackage(db: Executor, siteId: number, id: number) {
  const rows = await db
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.id, id), eq(creditPackages.siteId, siteId), eq(creditPackages.active, true)))
    .limit(1)
  return rows[0] ?? null
}

export type PaymentRow = typeof payments.$inferSelect

export async function insertPayment(db: Executor, row: typeof payments.$inferInsert) {
  await db.insert(payments).values(row)
}

/** The provider's id and checkout address of a payment, and the mandate it is charged on, if any. */
export async function setProviderReference(
  db: Executor,
  id: string,
  providerId: string,
  checkoutUrl: string,
  at: Date,
  mandateId?: string,
) {
  await db
    .update(payments)
    .set({ providerId, checkoutUrl, ...(mandateId ? { mandateId } : {}), updatedAt: at })
    .where(eq(payments.id, id))
}

/** A new payment of a bundle, at its list price unless a discounted amount is given. */
export function bundlePayment(
  bundle: { id: number; credits: number; amount: number; currency: string },
  p: {
    userId: number
    siteId: number
    method: string
    provider: string
    sequence: 'oneoff' | 'first' | 'recurring'
    amount?: number
    mandateId?: string
    /** When it is made, from the service's clock. */
    at: Date
  },
): typeof payments.$inferInsert & { id: string; amount: number; currency: string; credits: number } {
  return {
    id: `pay_${randomBytes(12).toString('hex')}`,
    userId: p.userId,
    siteId: p.siteId,
    packageId: bundle.id,
    credits: bundle.credits,
    amount: p.amount ?? bundle.amount,
    listAmount: bundle.amount,
    currency: bundle.currency,
    method: p.method,
    provider: p.provider,
    sequence: p.sequence,
    mandateId: p.mandateId ?? null,
    createdAt: p.at,
    updatedAt: p.at,
  }
}

export async function selectPayment(db: Executor, id: string) {
  const rows = await db.select().from(payments).where(eq(payments.id, id)).limit(1)
  return rows[0] ?? null
}

export async function selectPaymentByProvider(db: Executor, provider: string, providerId: string) {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerId, providerId)))
    .limit(1)
  return rows[0] ?? null
}

/**
 * Marks the payment paid and credited, only if it was not credited before: the row lock makes one
 * caller win however many arrive at once. Answers the row when this caller must grant the credits.
 */
export async function claimCredit(db: Executor, id: string, at: Date) {
  const rows = await db
    .update(payments)
    .set({ status: 'paid', creditedAt: at, updatedAt: at })
    .where(and(eq(payments.id, id), isNull(payments.creditedAt)))
    .returning()
  return rows[0] ?? null
}

/** Another status from the provider; a credited payment stays paid. */
export async function updateStatus(db: Executor, id: string, status: string, at: Date) {
  await db
    .update(payments)
    .set({ status, updatedAt: at })
    .where(and(eq(payments.id, id), isNull(payments.creditedAt), ne(payments.status, status)))
}

/** Checkouts still open that were started before a moment: the oldest first, a batch at a time. */
export function selectOpenBefore(db: Executor, before: Date, limit: number) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'open'), lt(payments.createdAt, before)))
    .orderBy(asc(payments.createdAt))
    .limit(limit)
}

export async function markPaidUser(db: Executor, userId: number) {
  await db.update(users).set({ paidUser: true }).where(eq(users.id, userId))
}

export function selectPaymentsOf(db: Executor, userId: number, limit: number) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(limit)
}

/** Where the member lives: their payment methods and currency follow it. */
export async function selectMemberCountry(db: Executor, userId: number) {
  const [row] = await db
    .select({ country: profiles.country })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  return row?.country ?? null
}
