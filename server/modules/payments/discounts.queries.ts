import { and, eq, sql } from 'drizzle-orm'
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

/** Whether the member (or, with `anyone`, anybody) used the code. */
export async function selectRedeemed(db: Executor, code: string, userId: number | null) {
  const rows = await db
    .select({ n: sql`1` })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.code, code),
        userId === null ? undefined : eq(discountRedemptions.userId, userId),
      ),
    )
    .limit(1)
  return rows.length > 0
}

export async function insertRedemption(
  db: Executor,
  row: { code: string; userId: number; paymentId: string },
) {
  await db.insert(discountRedemptions).values(row).onConflictDoNothing()
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

/** A member's own unused code of a kind (its prefix), if one is still valid. */
export async function selectOwnCode(db: Executor, userId: number, prefix: string, now: Date) {
  const rows = await db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.userId, userId),
        sql`${discountCodes.code} like ${`${prefix}%`}`,
        sql`${discountCodes.expires} > ${now.toISOString()}`,
        sql`not exists (select 1 from ${discountRedemptions} r where r.code = ${discountCodes.code})`,
      ),
    )
    .limit(1)
  return rows[0] ?? null
}

export async function insertDiscount(db: Executor, row: typeof discountCodes.$inferInsert) {
  const [inserted] = await db.insert(discountCodes).values(row).returning()
  return inserted
}
