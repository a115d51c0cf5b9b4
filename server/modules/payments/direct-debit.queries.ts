import { and, count, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { directDebitRequests } from '#server/db/schema/payments.ts'

export type DirectDebitRequestRow = typeof directDebitRequests.$inferSelect

export async function insertRequest(db: Executor, row: typeof directDebitRequests.$inferInsert) {
  await db.insert(directDebitRequests).values(row)
}

/** The codes sent to one number since a time, by any member. */
export async function countRequestsToPhoneSince(db: Executor, phone: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(directDebitRequests)
    .where(and(eq(directDebitRequests.phone, phone), gt(directDebitRequests.createdAt, since)))
  return Number(row?.n ?? 0)
}

export async function countRequestsSince(db: Executor, userId: number, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(directDebitRequests)
    .where(and(eq(directDebitRequests.userId, userId), gt(directDebitRequests.createdAt, since)))
  return Number(row?.n ?? 0)
}

/** The request, locked until the transaction ends: one code check at a time. */
export async function selectRequestForUpdate(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(directDebitRequests)
    .where(eq(directDebitRequests.id, id))
    .for('update')
  return row ?? null
}

export async function countAttempt(db: Executor, id: string, attempts: number) {
  await db.update(directDebitRequests).set({ attempts }).where(eq(directDebitRequests.id, id))
}

/** Confirmed: the account details leave our database (the mandate at the provider holds them). */
export async function markConfirmed(db: Executor, id: string, paymentId: string, at: Date) {
  await db
    .update(directDebitRequests)
    .set({
      confirmedAt: at,
      paymentId,
      holder: null,
      iban: null,
      street: null,
      houseNumber: null,
      zip: null,
      city: null,
    })
    .where(eq(directDebitRequests.id, id))
}

/** The account details of requests whose code expired unused are no longer needed: cleared. */
export async function clearExpired(db: Executor, now: Date) {
  const rows = await db
    .update(directDebitRequests)
    .set({ holder: null, iban: null, street: null, houseNumber: null, zip: null, city: null })
    .where(
      and(
        isNull(directDebitRequests.confirmedAt),
        lt(directDebitRequests.expiresAt, now),
        isNotNull(directDebitRequests.iban),
      ),
    )
    .returning({ id: directDebitRequests.id })
  return rows.length
}
