import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { profiles, users } from '#server/db/schema/members.ts'
import { paymentCustomers, paymentMandates, payments } from '#server/db/schema/payments.ts'

export async function selectCustomer(db: Executor, userId: number, provider: string) {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)))
  return row?.customerId ?? null
}

/** Keeps the member's customer id; when two were made at once, the first one stored wins. */
export async function insertCustomer(db: Executor, userId: number, provider: string, customerId: string) {
  await db.insert(paymentCustomers).values({ userId, provider, customerId }).onConflictDoNothing()
  return selectCustomer(db, userId, provider)
}

/** What the provider's customer record is made of. */
export async function selectMemberContact(db: Executor, userId: number) {
  const [row] = await db
    .select({ email: users.email, name: profiles.name })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
  return row ? { email: row.email, name: row.name ?? row.email } : null
}

export async function insertMandate(db: Executor, row: typeof paymentMandates.$inferInsert) {
  await db.insert(paymentMandates).values(row).onConflictDoNothing()
}

export async function revokeMandate(db: Executor, provider: string, mandateId: string, at: Date) {
  await db
    .update(paymentMandates)
    .set({ revokedAt: at })
    .where(
      and(
        eq(paymentMandates.provider, provider),
        eq(paymentMandates.mandateId, mandateId),
        isNull(paymentMandates.revokedAt),
      ),
    )
}

/** The member's newest saved card that was not revoked. */
export async function selectSavedCard(db: Executor, userId: number, provider: string) {
  const [row] = await db
    .select()
    .from(paymentMandates)
    .where(
      and(
        eq(paymentMandates.userId, userId),
        eq(paymentMandates.provider, provider),
        eq(paymentMandates.kind, 'card'),
        isNull(paymentMandates.revokedAt),
      ),
    )
    .orderBy(desc(paymentMandates.createdAt), desc(paymentMandates.id))
    .limit(1)
  return row ?? null
}

/** The member's last paid payment: what "buy again" buys. */
export async function selectLastPaid(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.createdAt))
    .limit(1)
  return row ?? null
}

/**
 * Whether a direct debit of this member, or on this account whoever made it, was refused by the
 * bank: such members and accounts may not pay by direct debit any more.
 */
export async function directDebitRefused(db: Executor, userId: number, ibanHash: string) {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .leftJoin(
      paymentMandates,
      and(eq(paymentMandates.provider, payments.provider), eq(paymentMandates.mandateId, payments.mandateId)),
    )
    .where(
      and(
        eq(payments.method, 'sdd'),
        eq(payments.status, 'failed'),
        or(eq(payments.userId, userId), eq(paymentMandates.ibanHash, ibanHash)),
      ),
    )
    .limit(1)
  return rows.length > 0
}

/** What the member has paid or is paying by direct debit since a moment, in cents. */
export async function directDebitTotalSince(db: Executor, userId: number, since: Date) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.method, 'sdd'),
        inArray(payments.status, ['open', 'pending', 'paid']),
        gt(payments.createdAt, since),
      ),
    )
  return Number(row?.total ?? 0)
}

/** Holds the member's row until the transaction ends: one direct debit is counted at a time. */
export async function lockMember(db: Executor, userId: number) {
  await db.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`)
}

/** A one-click card purchase of the member still open or pending, made since a moment. */
export async function selectCardChargeUnderWay(db: Executor, userId: number, since: Date) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.sequence, 'recurring'),
        ne(payments.method, 'sdd'),
        inArray(payments.status, ['open', 'pending']),
        gt(payments.createdAt, since),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1)
  return row ?? null
}
