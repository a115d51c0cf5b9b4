import { and, eq, gt, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { directDebitRequests } from '#server/db/schema/payments.ts'

export async function insertRequest(db: Executor, row: typeof directDebitRequests.$inferInsert) {
  await db.insert(directDebitRequests).values(row)
}

/**
 * The codes sent in the last hour and day (`day` is the earlier start) to the member, and to the
 * number by any member: one query for the four limits.
 */
export async function countRecentCodes(
  db: Executor,
  to: { userId: number; phone: string },
  since: { hour: Date; day: Date },
) {
  const r = directDebitRequests
  const counted = (who: SQL, start: Date) =>
    sql<number>`count(*) filter (where ${who} and ${r.createdAt} > ${start.toISOString()})::int`
  const [row] = await db
    .select({
      memberHour: counted(sql`${r.userId} = ${to.userId}`, since.hour),
      memberDay: counted(sql`${r.userId} = ${to.userId}`, since.day),
      numberHour: counted(sql`${r.phone} = ${to.phone}`, since.hour),
      numberDay: counted(sql`${r.phone} = ${to.phone}`, since.day),
    })
    .from(r)
    .where(and(or(eq(r.userId, to.userId), eq(r.phone, to.phone)), gt(r.createdAt, since.day)))
  return {
    memberHour: Number(row?.memberHour ?? 0),
    memberDay: Number(row?.memberDay ?? 0),
    numberHour: Number(row?.numberHour ?? 0),
    numberDay: Number(row?.numberDay ?? 0),
  }
}

/** What a request asked for (its member, bundle and discount code) and whether it is pending, read without a lock. */
export async function selectRequestOrder(db: Executor, id: string) {
  const r = directDebitRequests
  const [row] = await db
    .select({
      userId: r.userId,
      siteId: r.siteId,
      packageId: r.packageId,
      discountCode: r.discountCode,
      amount: r.amount,
      confirmedAt: r.confirmedAt,
      expiresAt: r.expiresAt,
    })
    .from(r)
    .where(eq(r.id, id))
  return row ?? null
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
