import type { LimitsRow } from './spending.queries.ts'

// The rows of spending_limits as the rules read them (ADR 32): pure, for the service and its tests.

/** The row of a member who had set nothing yet. */
export function emptyLimits(userId: number, currency: string, at: Date): LimitsRow {
  return {
    userId,
    monthlyLimit: null,
    currency,
    pendingLimit: null,
    pendingCurrency: null,
    pendingFrom: null,
    breakUntil: null,
    checkedInAt: null,
    fictionalReminded: 0,
    updatedAt: at,
  }
}

/** The row with a raise whose 24 hours are over made the limit that holds. */
export function settled(row: LimitsRow, at: Date): LimitsRow {
  if (!row.pendingFrom || row.pendingFrom > at) return row
  return {
    ...row,
    monthlyLimit: row.pendingLimit,
    currency: row.pendingCurrency ?? row.currency,
    pendingLimit: null,
    pendingCurrency: null,
    pendingFrom: null,
  }
}

/** A limits row as the audit log keeps it. */
export function summary(row: LimitsRow) {
  return {
    limit: row.monthlyLimit,
    currency: row.currency,
    pending: row.pendingFrom
      ? { limit: row.pendingLimit, currency: row.pendingCurrency, from: row.pendingFrom }
      : null,
    break_until: row.breakUntil,
  }
}

/** A limit as it stands at `at` (a raise whose 24 hours are over holds), and a raise still waiting. */
export function limitAt(row: LimitsRow | null, at: Date) {
  if (!row) return { amount: null, currency: null, pending: null }
  const now = settled(row, at)
  const pending = now.pendingFrom
    ? { amount: now.pendingLimit, currency: now.pendingCurrency ?? now.currency, from: now.pendingFrom }
    : null
  return { amount: now.monthlyLimit, currency: now.currency, pending }
}
