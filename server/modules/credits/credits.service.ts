import { type Executor, isUniqueViolation } from '#server/db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { applyCreditChange, selectMovements } from './credits.queries.ts'

export interface CreditChange {
  userId: number
  delta: number
  reason: string
  reference?: string | null
}

/**
 * Changes a member's credits together with its ledger row, inside the caller's transaction. A debit
 * is a conditional update that never drives the balance below zero.
 */
export async function changeCredits(tx: Executor, change: CreditChange): Promise<number> {
  // The ledger keys a change by its reason and reference: the same change twice is refused.
  const balance = await applyCreditChange(tx, {
    userId: change.userId,
    delta: change.delta,
    reason: change.reason,
    reference: change.reference ?? null,
  }).catch((error: unknown) => {
    if (isUniqueViolation(error, 'credit_ledger_once')) throw new AppError('credits.already_applied', 409)
    throw error
  })
  if (balance === null) throw new AppError('credits.insufficient', 402)
  return balance
}

/** The member's credit movements (the ledger), newest first. */
export async function listMovements(db: Executor, userId: number, limit: number) {
  const rows = await selectMovements(db, userId, limit)
  return rows.map((r) => ({
    id: r.id,
    delta: r.delta,
    balance_after: r.balanceAfter,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
  }))
}
