import { hash, verify } from '@node-rs/argon2'
import { dictionary } from '@zxcvbn-ts/language-common'

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

/** The 10,000 most common passwords, most common first in the list the package ships. */
const COMMON = new Set((dictionary['passwords-common'] as string[]).slice(0, 10_000))

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}

/** Whether a password is among the 10,000 most common ones (compared case-insensitively). */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password) || COMMON.has(password.toLowerCase())
}

/** A hash to verify against when the account does not exist, so both paths take the same time. */
export const DUMMY_HASH = await hashPassword('not-a-real-password-0')
