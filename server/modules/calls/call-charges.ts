import type { Executor } from '#server/db/client.ts'
import { shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { changeCredits } from '#server/modules/credits/credits.service.ts'
import { type CallRow, selectCredits, updateCharged, updateEnded } from './calls.queries.ts'

// A call's minutes (issue 59, ADR 37): each started minute charged to the caller through the ledger
// exactly once (reason 'call', `call:<id>:<minute>`), and what the two members' meters say of it.

export const MINUTE_MS = 60_000
/** Fresh relay credentials go with every this many minutes' meter. */
const RENEW_EVERY_MINUTES = 8

/** One minute of an answered call, charged to its caller, or the call's end when it is not covered. */
export async function chargeNext(
  tx: Executor,
  call: CallRow,
  at: Date,
): Promise<{ balance: number | null; ended: boolean }> {
  const minute = call.minutesCharged + 1
  const due = call.nextChargeAt ?? call.answeredAt ?? at
  let balance: number | null = null
  if (call.creditsPerMinute > 0) {
    balance = await changeCredits(tx, {
      userId: call.callerUserId,
      delta: -call.creditsPerMinute,
      reason: 'call',
      reference: `call:${call.id}:${minute}`,
    }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'credits.insufficient') return null
      throw error
    })
    if (balance === null) {
      await updateEnded(tx, call.id, 'credits', due)
      return { balance: null, ended: true }
    }
  } else balance = await selectCredits(tx, call.callerUserId)
  await updateCharged(tx, call.id, minute, shifted(call.answeredAt ?? due, minute * MINUTE_MS))
  return { balance, ended: false }
}

/** The meter both members see after `minutes`; the caller's balance; fresh relay credentials when due. */
export function meterFrames(call: CallRow, minutes: number, at: Date) {
  const meter = {
    type: 'call.meter' as const,
    call: call.id,
    answered_at: (call.answeredAt ?? at).toISOString(),
    minutes,
    credits: minutes * call.creditsPerMinute,
    credits_per_minute: call.creditsPerMinute,
  }
  return { meter, renew: minutes % RENEW_EVERY_MINUTES === 0 }
}
