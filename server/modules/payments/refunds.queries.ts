import { desc, eq, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { profiles, users } from '#server/db/schema/members.ts'
import { payments } from '#server/db/schema/payments.ts'
import { sites } from '#server/db/schema/sites.ts'
import { memberNumberOf, paymentReferenceIs } from '#server/db/support-lookup.ts'

/** What a payment mail needs of its member (withdrawal-mail.ts's PaymentMailTo), and their site. */
const CONTACT = {
  email: users.email,
  language: users.language,
  siteId: users.siteId,
  timeZone: users.timeZone,
  name: profiles.name,
  country: profiles.country,
}

/** A payment with its member, locked for a refund. */
export function lockPaymentForRefund(db: Executor, id: string) {
  return db
    .select({ payment: payments, ...CONTACT })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(payments.id, id))
    .for('update', { of: payments })
    .then((rows) => rows[0] ?? null)
}

/** Who a payment mail goes to: the member's address, name, language, time zone and country. */
export async function selectPaymentContact(db: Executor, userId: number) {
  const [row] = await db
    .select(CONTACT)
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
  return row ?? null
}

/** Marks a refund as under way (its time set, no refund id yet): a second refund is refused. */
export async function claimRefund(db: Executor, id: string, at: Date) {
  await db.update(payments).set({ refundedAt: at }).where(eq(payments.id, id))
}

/** The provider refused the refund: the payment may be refunded again. */
export async function releaseRefund(db: Executor, id: string) {
  await db.update(payments).set({ refundedAt: null }).where(eq(payments.id, id))
}

/** The member's balance, locked: what a refund may take back. */
export async function lockCredits(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  return Number(row?.credits ?? 0)
}

export async function markRefunded(
  db: Executor,
  id: string,
  values: {
    refundedAt: Date
    refundId: string
    refundedCredits: number
    spentCredits: number
    refundAmount: number
  },
) {
  await db
    .update(payments)
    .set({ ...values, status: 'refunded', updatedAt: values.refundedAt })
    .where(eq(payments.id, id))
}

/**
 * Premium stays with a member who still has a purchase not refunded in full: a paid one, or one
 * refunded in part because some of its credits were used (common/refunds.ts, ADR 27).
 */
export async function recomputePaidUser(db: Executor, userId: number) {
  await db
    .update(users)
    .set({
      paidUser: sql`exists (select 1 from ${payments} p where p.user_id = ${userId} and (p.status = 'paid' or (p.status = 'refunded' and p.spent_credits > 0)))`,
    })
    .where(eq(users.id, userId))
}

/**
 * The latest payments, or those matching what the console's search says it takes: a member's number
 * (#42, of the account or the profile), their e-mail address (every site's), a payment id or a
 * provider reference; with their member. Each look-up uses an index.
 */
export function searchPayments(db: Executor, q: string | undefined) {
  const base = db
    .select({ payment: payments, name: profiles.name, email: users.email })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
  return base.where(paymentsMatching(q)).orderBy(desc(payments.createdAt)).limit(50)
}

function paymentsMatching(q: string | undefined): SQL {
  if (!q) return sql`true`
  const member = memberNumberOf(q)
  // Payment ids start with pay_, so a number is a member's: the account's, or the profile's.
  if (member !== null)
    return sql`${payments.userId} in (${member}, (select ${profiles.userId} from ${profiles} where ${profiles.id} = ${member}))`
  // Through each site's (site_id, lower(email)) index.
  if (q.includes('@'))
    return sql`${payments.userId} in (select u.id from ${sites} s join ${users} u on u.site_id = s.id and lower(u.email) = ${q.toLowerCase()})`
  return paymentReferenceIs(q)
}

/**
 * A refund recorded before the provider pays it (the claim, owed-refunds.ts): a withdrawal, or the
 * refund of an account's closing. From now on neither a second one, nor support's refund, nor a
 * chargeback takes these credits again; the refund id follows once the provider answers.
 */
export async function markOwedRefund(
  db: Executor,
  id: string,
  kind: 'withdrawal' | 'closing',
  values: { at: Date; refundedCredits: number; spentCredits: number; refundAmount: number },
) {
  await db
    .update(payments)
    .set({
      ...(kind === 'withdrawal' ? { withdrawnAt: values.at } : { closingRefundAt: values.at }),
      refundedAt: values.at,
      refundedCredits: values.refundedCredits,
      spentCredits: values.spentCredits,
      refundAmount: values.refundAmount,
      updatedAt: values.at,
    })
    .where(eq(payments.id, id))
}
