import type { Executor } from '#server/db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { insertLedgerRow, updateCredits } from './credits.queries.ts'

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
  const balance = await updateCredits(tx, change.userId, change.delta)
  if (balance === null) throw new AppError('credits.insufficient', 402)
  await insertLedgerRow(tx, {
    userId: change.userId,
    delta: change.delta,
    balanceAfter: balance,
    reason: change.reason,
    reference: change.reference ?? null,
  })
  return balance
}
