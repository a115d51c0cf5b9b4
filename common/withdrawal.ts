/**
 * The withdrawal function (Consumer Rights Directive, Article 11a; ADR 32): a member may withdraw
 * from a purchase themselves, in two steps, for 14 days after it was paid, or for the site's
 * refund_days where that is longer. What comes back is the return policy's rule (refunds.ts).
 */
const WITHDRAWAL_DAYS = 14

const DAY_MS = 24 * 60 * 60 * 1000

/** The days a purchase may be withdrawn from on a site. */
export function withdrawalDays(refundDays: number): number {
  return Math.max(WITHDRAWAL_DAYS, refundDays)
}

/** The last moment a purchase paid at `paidAt` may be withdrawn from. */
export function withdrawableUntil(paidAt: Date, refundDays: number): Date {
  return new Date(paidAt.getTime() + withdrawalDays(refundDays) * DAY_MS)
}
