import { createHash } from 'node:crypto'
import { LOGIN_MAX_FAILURES } from '#common/constants.ts'

/** Failures count within this many minutes of the first one. */
export const LOGIN_WINDOW_MINUTES = 15
/** Failed logins from one client address, whatever the e-mail addresses, that block that address. */
const ADDRESS_MAX_FAILURES = 20
/** Failed logins on one e-mail address from every client address that block it for everyone. */
const EMAIL_MAX_FAILURES_EVERYWHERE = 100

/**
 * The counters a login attempt is checked against and counts into: the client address; the
 * e-mail address from that client address (the spec's block after 5 failures); the e-mail address
 * from everywhere. E-mail addresses are kept hashed, members' or not.
 */
export function loginThrottles(email: string, ip: string) {
  const account = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)
  return [
    { key: `ip:${ip}`, max: ADDRESS_MAX_FAILURES },
    { key: `email:${account}:${ip}`, max: LOGIN_MAX_FAILURES },
    { key: `email:${account}`, max: EMAIL_MAX_FAILURES_EVERYWHERE },
  ]
}
