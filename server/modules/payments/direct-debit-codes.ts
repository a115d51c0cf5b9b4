import { randomInt, timingSafeEqual } from 'node:crypto'
import type { Executor } from '#server/db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { hashToken } from '#server/lib/tokens.ts'
import { countRecentCodes } from './direct-debit.queries.ts'

/**
 * The SMS code that confirms a direct debit (ADR 11). A code lives 10 minutes and takes 5 tries; a
 * member gets 5 codes an hour and 10 a day, and one number gets 3 an hour and 6 a day whoever asks
 * (SMS cost money and reach a person).
 */
export const CODE_TTL_MS = 10 * 60 * 1000
const CODE_ATTEMPTS = 5
const CODES_PER_HOUR = 5
const CODES_PER_DAY = 10
const CODES_PER_NUMBER_HOUR = 3
const CODES_PER_NUMBER_DAY = 6
const HOUR_MS = 3600_000

/** Only the code's hash is kept, salted with its request's id. */
export const codeHash = (requestId: string, code: string) => hashToken(`${requestId}:${code}`)

/** Six digits. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

/** Refuses a new code when the member or the number has had their share (429). */
export async function assertCodesLeft(db: Executor, to: { userId: number; phone: string }, at: Date) {
  const { memberHour, memberDay, numberHour, numberDay } = await countRecentCodes(db, to, {
    hour: new Date(at.getTime() - HOUR_MS),
    day: new Date(at.getTime() - 24 * HOUR_MS),
  })
  if (
    memberHour >= CODES_PER_HOUR ||
    memberDay >= CODES_PER_DAY ||
    numberHour >= CODES_PER_NUMBER_HOUR ||
    numberDay >= CODES_PER_NUMBER_DAY
  ) {
    throw new AppError('directdebit.too_many_codes', 429)
  }
}

/** Whether a request can still take a code: not confirmed, tries left, not expired. */
export const codeUsable = (
  request: { confirmedAt: Date | null; attempts: number; expiresAt: Date },
  at: Date,
) => !request.confirmedAt && request.attempts < CODE_ATTEMPTS && request.expiresAt > at

/** Whether the code typed is the request's, compared in constant time. */
export const codeMatches = (request: { id: string; codeHash: string }, typed: string) =>
  timingSafeEqual(Buffer.from(codeHash(request.id, typed)), Buffer.from(request.codeHash))
