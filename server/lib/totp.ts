import { HOTP, Secret } from 'otpauth'

// Time-based one-time passwords (RFC 6238 over RFC 4226) through the otpauth package: HMAC-SHA1,
// 30-second steps, 6 digits, the codes authenticator apps show. Secrets travel as base32 (RFC 4648,
// no padding). The steps are ours: a code is accepted once, and the clock is the app's.

const TOTP_STEP_SECONDS = 30
const DIGITS = 6
const ALGORITHM = 'SHA1'

export function base32Encode(bytes: Uint8Array): string {
  return new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32
}

/** The bytes of a base32 text (spaces, padding and lower case allowed); throws on anything else. */
export function base32Decode(text: string): Buffer {
  return Buffer.from(Secret.fromBase32(text.replace(/[\s=]/g, '').toUpperCase()).bytes)
}

/** A new secret of 160 bits, as RFC 4226 recommends. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The time step of a moment. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS)
}

/** The code of one time step (HOTP with the step as counter). */
export function totpCode(secret: string, step: number): string {
  return HOTP.generate({
    secret: Secret.fromBase32(secret),
    counter: step,
    digits: DIGITS,
    algorithm: ALGORITHM,
  })
}

/**
 * The step a code belongs to, within one step either side of `at` (clock drift, a code typed as it
 * changed), or null. Steps at or before `lastStep` are refused: a code works once.
 */
export function verifyTotp(secret: string, code: string, at: Date, lastStep = 0): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const key = Secret.fromBase32(secret)
  const now = totpStep(at)
  for (const step of [now - 1, now, now + 1]) {
    if (step <= lastStep) continue
    // otpauth compares in constant time; window 0: this step only.
    const delta = HOTP.validate({
      token: code,
      secret: key,
      counter: step,
      digits: DIGITS,
      algorithm: ALGORITHM,
      window: 0,
    })
    if (delta === 0) return step
  }
  return null
}

/**
 * The enrollment link an authenticator app reads from the QR code (Google's Key URI format): the
 * label's colon escaped and the parameters in this order, as the enrolled apps have read it so far.
 */
export function totpUri(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`)
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: ALGORITHM,
    digits: String(DIGITS),
    period: String(TOTP_STEP_SECONDS),
  })
  return `otpauth://totp/${label}?${params}`
}
