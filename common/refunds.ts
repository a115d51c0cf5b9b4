/**
 * The return policy's one rule (ADR 27), for the refund support makes, the mail that tells the
 * member and the policy page alike: the credits of a purchase the member has not used are refunded,
 * at the price paid for them (pro rata); credits already used are not. Premium ends only with a
 * purchase refunded in full (every credit of it unused) when no other purchase remains.
 */
export function refundOf(payment: { amount: number; credits: number }, balance: number) {
  const credits = Math.max(0, Math.min(payment.credits, balance))
  const amount = payment.credits > 0 ? Math.round((payment.amount * credits) / payment.credits) : 0
  return { credits, amount, whole: credits === payment.credits }
}
