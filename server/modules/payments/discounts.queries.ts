import { and, eq, isNotNull, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { profiles, users } from '#server/db/schema/members.ts'
import { discountCodes, discountRedemptions } from '#server/db/schema/payments.ts'

export async function selectDiscount(db: Executor, code: string) {
  const rows = await db
    .select()
    .from(discountCodes)
    .where(sql`upper(${discountCodes.code}) = upper(${code})`)
    .limit(1)
  return rows[0] ?? null
}

export type DiscountRow = NonNullable<Awaited<ReturnType<typeof selectDiscount>>>

/**
 * Whether the member (or, with `userId` null, anybody) used the code. A code that one of the
 * `buyer`'s own unpaid payments holds is not used: their next checkout takes it over.
 */
export async function selectRedeemed(db: Executor, code: string, userId: number | null, buyer?: number) {
  const rows = await db
    .select({ n: sql`1` })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.code, code),
        userId === null ? undefined : eq(discountRedemptions.userId, userId),
        buyer === undefined
          ? undefined
          : sql`not (${discountRedemptions.status} = 'reserved' and ${discountRedemptions.userId} = ${buyer})`,
      ),
    )
    .limit(1)
  return rows.length > 0
}

/**
 * Reserves a single-use code for a payment being made; answers false when another payment holds or
 * used it (for the member, or for anyone with `once`).
 */
export async function reserveDiscount(
  db: Executor,
  row: { code: string; userId: number; paymentId: string; once: boolean },
): Promise<boolean> {
  const inserted = await db
    .insert(discountRedemptions)
    .values({
      code: row.code,
      userId: row.userId,
      paymentId: row.paymentId,
      status: 'reserved',
      onceKey: row.once ? row.code : null,
    })
    .onConflictDoNothing()
    .returning({ code: discountRedemptions.code })
  return inserted.length > 0
}

/** A payment that failed, was cancelled or expired gives its code back. */
export async function releaseDiscount(db: Executor, paymentId: string) {
  await db
    .delete(discountRedemptions)
    .where(and(eq(discountRedemptions.paymentId, paymentId), eq(discountRedemptions.status, 'reserved')))
}

/** A paid payment uses its code for good (a code of unlimited use is recorded as used). */
export async function consumeDiscount(
  db: Executor,
  row: { code: string; userId: number; paymentId: string },
) {
  const updated = await db
    .update(discountRedemptions)
    .set({ status: 'used' })
    .where(eq(discountRedemptions.paymentId, row.paymentId))
    .returning({ code: discountRedemptions.code })
  if (updated.length === 0) await db.insert(discountRedemptions).values(row).onConflictDoNothing()
}

/** The payments under way that hold a code the member wants: their own, or anyone's for a `once` code. */
export async function selectHolders(db: Executor, code: string, userId: number) {
  const rows = await db
    .select({ paymentId: discountRedemptions.paymentId })
    .from(discountRedemptions)
    .where(
      and(
        sql`upper(${discountRedemptions.code}) = upper(${code})`,
        eq(discountRedemptions.status, 'reserved'),
        or(eq(discountRedemptions.userId, userId), isNotNull(discountRedemptions.onceKey)),
      ),
    )
  return rows.map((r) => r.paymentId)
}

/** What the discount rules need of the member. */
export async function selectBuyer(db: Executor, userId: number) {
  const [row] = await db
    .select({
      signupDate: users.signupDate,
      paid: users.paidUser,
      siteId: users.siteId,
      country: profiles.country,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
  return row ?? null
}

/** The code of a kind (its prefix) a member was given, used or expired or not. */
export async function selectOwnCode(db: Executor, userId: number, prefix: string) {
  const rows = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.userId, userId), sql`${discountCodes.code} like ${`${prefix}%`}`))
    .limit(1)
  return rows[0] ?? null
}

export async function insertDiscount(db: Executor, row: typeof discountCodes.$inferInsert) {
  const [inserted] = await db.insert(discountCodes).values(row).returning()
  return inserted
}
