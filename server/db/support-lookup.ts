// What staff type to find a member or a payment, read the same way by the members page
// (accounts/member-support.queries.ts) and the payments page (payments/refunds.queries.ts).
import { type SQL, sql } from 'drizzle-orm'
import { payments } from './schema/payments.ts'

/** A member's number as support types it, with or without "#" (#42); null for anything else. */
export function memberNumberOf(q: string): number | null {
  const digits = q.match(/^#?(\d{1,9})$/)?.[1]
  return digits ? Number(digits) : null
}

/** The payment whose id or provider reference this is (the reference through its index). */
export function paymentReferenceIs(q: string): SQL {
  return sql`(${payments.id} = ${q} or (${payments.provider} in ('sandbox', 'mollie') and ${payments.providerId} = ${q}))`
}
