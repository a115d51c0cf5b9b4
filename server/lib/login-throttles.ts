import { createHash } from 'node:crypto'
import { LOGIN_BLOCK_MINUTES, LOGIN_MAX_FAILURES } from '#common/constants.ts'
import type { Executor } from '#server/db/client.ts'
import { clearLoginFailures, recordLoginFailure, selectLoginFailures } from '#server/db/login-failures.ts'
import { type Clock, shifted } from './clock.ts'
import { AppError } from './errors.ts'

/** Failures count within this many minutes of the first one. */
const LOGIN_WINDOW_MINUTES = 15
/** Failed logins from one client address, whatever the e-mail addresses, that block that address. */
const ADDRESS_MAX_FAILURES = 20
/** Failed logins on one e-mail address from every client address that block it for everyone. */
const EMAIL_MAX_FAILURES_EVERYWHERE = 100

/**
 * The counters a login attempt is checked against and counts into: the client address; the
 * e-mail address from that client address (the spec's block after 5 failures); the e-mail address
 * from everywhere. E-mail addresses are kept hashed, members' or not.
 */
function loginThrottles(email: string, ip: string) {
  const account = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)
  return [
    { key: `ip:${ip}`, max: ADDRESS_MAX_FAILURES },
    { key: `email:${account}:${ip}`, max: LOGIN_MAX_FAILURES },
    { key: `email:${account}`, max: EMAIL_MAX_FAILURES_EVERYWHERE },
  ]
}

/**
 * The temporary login block of spec section 4 around one login: refuses while any of its counters
 * is blocked (429 with the minutes left), counts a failure into each, and clears the account's
 * counter from that address on success. `scope` keeps members' and staff's counters apart.
 *
 * A login from a browser with a device cookie of this account (`device`: its nonce) is counted on
 * that browser alone, the spec's 5 failures: the account's and the address's counters, which an
 * attacker can fill from anywhere, do not stop the owner's own browser (ADR 13).
 */
export function loginGuard(
  db: Executor,
  now: Clock,
  email: string,
  ip: string,
  scope: 'member' | 'staff' = 'member',
  device: string | null = null,
) {
  const keys = device ? [{ key: `device:${device}`, max: LOGIN_MAX_FAILURES }] : loginThrottles(email, ip)
  const throttles = keys.map((t) => ({ ...t, key: scope === 'member' ? t.key : `${scope}:${t.key}` }))
  /** The counter of this account from this client (the browser, else the address): cleared on success. */
  const own = throttles[device ? 0 : 1]
  return {
    async assertOpen() {
      const at = now()
      const blocks = (
        await selectLoginFailures(
          db,
          throttles.map((k) => k.key),
        )
      ).filter((row) => row.blockedUntil && row.blockedUntil > at)
      if (blocks.length === 0) return
      const until = Math.max(...blocks.map((row) => (row.blockedUntil as Date).getTime()))
      throw new AppError('accounts.login_blocked', 429, {
        minutes: Math.max(1, Math.ceil((until - at.getTime()) / 60_000)),
      })
    },
    async failed() {
      const at = now()
      const limit = {
        windowStart: shifted(at, -LOGIN_WINDOW_MINUTES * 60_000),
        blockedUntil: shifted(at, LOGIN_BLOCK_MINUTES * 60_000),
      }
      for (const { key, max } of throttles) await recordLoginFailure(db, key, { ...limit, max }, at)
    },
    async succeeded() {
      await clearLoginFailures(db, own.key)
    },
  }
}
