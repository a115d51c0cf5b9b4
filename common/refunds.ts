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

/** A purchase whose unused credits may still come back: paid, credited, not refunded in any way. */
interface RefundablePurchase {
  id: string
  credits: number
  amount: number
  currency: string
}

/**
 * What deleting the account refunds (ADR 32): credits are spent in the order they came, so the
 * balance left is the newest purchases' credits (free credits, which come first, are spent first).
 * The balance is shared out from the newest purchase back, each purchase's share refunded by the
 * one rule above; the totals are per currency, the order the purchases came in.
 */
export function closingRefundOf(newestFirst: RefundablePurchase[], balance: number) {
  let left = Math.max(0, balance)
  const lines: { id: string; credits: number; amount: number; currency: string }[] = []
  for (const purchase of newestFirst) {
    if (left <= 0) break
    const share = refundOf(purchase, left)
    if (share.credits <= 0) continue
    left -= share.credits
    lines.push({ id: purchase.id, credits: share.credits, amount: share.amount, currency: purchase.currency })
  }
  const totals = new Map<string, number>()
  for (const line of lines) totals.set(line.currency, (totals.get(line.currency) ?? 0) + line.amount)
  return {
    lines,
    credits: lines.reduce((sum, line) => sum + line.credits, 0),
    totals: [...totals].map(([currency, amount]) => ({ currency, amount })),
  }
}

export type ClosingRefund = ReturnType<typeof closingRefundOf>
