import { createHash, randomBytes } from 'node:crypto'
import QRCode from 'qrcode'
import type { Locale } from '#common/constants.ts'
import { isLocale } from '#common/locale.ts'
import type { StaffMember } from '#common/schemas/staff.ts'
import {
  isStaffRole,
  RECOVERY_CODE_COUNT,
  STAFF_IDLE_MINUTES,
  STAFF_SECOND_FACTOR_MINUTES,
  STAFF_SESSION_HOURS,
} from '#common/staff.ts'
import { type Db, isUniqueViolation } from '#server/db/client.ts'
import { type Clock, shifted } from '#server/lib/clock.ts'
import type { DeviceCookies } from '#server/lib/device-cookies.ts'
import { AppError } from '#server/lib/errors.ts'
import { loginGuard } from '#server/lib/login-throttles.ts'
import { DUMMY_HASH, hashPassword, verifyPassword } from '#server/lib/passwords.ts'
import type { StaffIdentity } from '#server/lib/require-staff.ts'
import type { SessionsEnded } from '#server/lib/sessions-ended.ts'
import { hashToken, newToken } from '#server/lib/tokens.ts'
import { newTotpSecret, totpUri, verifyTotp } from '#server/lib/totp.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import {
  deleteStaffSession,
  insertStaff,
  insertStaffSession,
  type StaffRow,
  selectStaffByEmail,
  selectStaffById,
  selectStaffSession,
  updateStaff,
  updateStaffLanguage,
  updateStaffSession,
} from './staff.queries.ts'

/** The issuer authenticator apps show beside the account. */
const ISSUER = 'Dating console'
const MIN_PASSWORD = 12
/** A session's last request is written at most this often. */
const TOUCH_EVERY_MS = 60_000

const hashCode = (code: string) => createHash('sha256').update(code.trim().toLowerCase()).digest('hex')

function recoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(4).toString('hex')
    return `${hex.slice(0, 4)}-${hex.slice(4)}`
  })
}

const toStaffMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  role: row.role,
})
const actorOf = (row: StaffRow, ip: string | null): Actor => ({
  staffId: row.id,
  email: row.email,
  role: row.role,
  ip,
})

export type StaffService = ReturnType<typeof createStaffService>

/**
 * Staff accounts and their sessions (ADR 15): a password, then a code from an authenticator app
 * (or a recovery code); the first login enrolls the app. Sessions end 8 hours after login or 30
 * minutes after the last request. Logins are throttled like members'; every step is audited.
 */
export function createStaffService(
  db: Db,
  deps: { now: Clock; sessionsEnded: SessionsEnded; devices: DeviceCookies },
) {
  const { now } = deps

  return {
    /** Makes a staff account (the command line): answers it and its enrollment link. */
    async create(input: { email: string; role: string; password: string }, actor: Actor) {
      const email = input.email.trim().toLowerCase()
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AppError('staff.email_invalid', 400)
      const role = input.role
      if (!isStaffRole(role)) throw new AppError('staff.role_invalid', 400)
      if (input.password.length < MIN_PASSWORD)
        throw new AppError('staff.password_short', 400, { min: MIN_PASSWORD })
      const totpSecret = newTotpSecret()
      const passwordHash = await hashPassword(input.password)
      try {
        const row = await db.transaction(async (tx) => {
          const created = await insertStaff(tx, {
            email,
            role,
            passwordHash,
            totpSecret,
            createdAt: now(),
          })
          await recordAudit(tx, actor, now(), {
            action: 'staff.create',
            target: { type: 'staff', id: created.id },
            after: toStaffMember(created),
          })
          return created
        })
        return { staff: toStaffMember(row), otpauthUrl: totpUri(totpSecret, email, ISSUER) }
      } catch (error) {
        if (isUniqueViolation(error, 'staff_email_unique')) throw new AppError('staff.email_taken', 409)
        throw error
      }
    },

    /**
     * The password step: opens a half session (only the second factor may follow, within 5 minutes)
     * and says whether to enroll the app first.
     */
    async login(emailInput: string, password: string, ip: string, deviceCookie: string | null = null) {
      const email = emailInput.trim().toLowerCase()
      const device = deps.devices.trusted('staff', email, deviceCookie)
      const guard = loginGuard(db, now, email, ip, 'staff', device)
      await guard.assertOpen()
      const row = await selectStaffByEmail(db, email)
      const valid = await verifyPassword(row?.passwordHash ?? DUMMY_HASH, password)
      if (!row || !valid || row.status !== 'active') {
        await guard.failed()
        throw new AppError('accounts.login_failed', 401)
      }
      const at = now()
      const { token, hash } = newToken()
      await insertStaffSession(db, {
        staffId: row.id,
        tokenHash: hash,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: shifted(at, STAFF_SECOND_FACTOR_MINUTES * 60_000),
        ip,
      })
      if (row.totpEnrolledAt) return { token, step: 'code' as const }
      return { token, step: 'enroll' as const, ...(await enrollmentOf(row)) }
    },

    /**
     * What a half-logged staff member enrolls their app from (the link and its QR code), or null
     * once the app is enrolled: the login page shows it again when it is loaded again.
     */
    async enrollment(identity: StaffIdentity) {
      const row = await selectStaffById(db, identity.staffId)
      return row && !row.totpEnrolledAt ? enrollmentOf(row) : null
    },

    /**
     * The second factor on a half session: a code from the app (which enrolls it the first time,
     * and then gives the recovery codes, once) or an unused recovery code. Failures count into the
     * same throttle as passwords.
     */
    async secondFactor(
      identity: StaffIdentity,
      code: string,
      ip: string,
      deviceCookie: string | null = null,
    ) {
      const row = await selectStaffById(db, identity.staffId)
      if (row?.status !== 'active' || !row) throw new AppError('staff.required', 401)
      const device = deps.devices.trusted('staff', row.email, deviceCookie)
      const guard = loginGuard(db, now, row.email, ip, 'staff', device)
      await guard.assertOpen()
      const at = now()
      const step = verifyTotp(row.totpSecret, code.trim(), at, row.totpLastStep)
      const recovery = step === null && row.totpEnrolledAt ? hashCode(code) : null
      const usedRecovery = recovery !== null && row.recoveryCodes.includes(recovery)
      if (step === null && !usedRecovery) {
        await guard.failed()
        throw new AppError('staff.code_wrong', 401)
      }
      const enrolling = !row.totpEnrolledAt
      const codes = enrolling ? recoveryCodes() : undefined
      await db.transaction(async (tx) => {
        await updateStaff(tx, row.id, {
          ...(step !== null ? { totpLastStep: step } : {}),
          ...(enrolling ? { totpEnrolledAt: at, recoveryCodes: (codes ?? []).map(hashCode) } : {}),
          ...(usedRecovery ? { recoveryCodes: row.recoveryCodes.filter((c) => c !== recovery) } : {}),
        })
        await updateStaffSession(tx, identity.sessionId, {
          secondFactorAt: at,
          lastSeenAt: at,
          expiresAt: shifted(at, STAFF_SESSION_HOURS * 3_600_000),
        })
        const actor = actorOf(row, ip)
        if (enrolling)
          await recordAudit(tx, actor, at, {
            action: 'staff.totp_enrolled',
            target: { type: 'staff', id: row.id },
          })
        await recordAudit(tx, actor, at, {
          action: 'staff.login',
          target: { type: 'staff', id: row.id },
          after: { second_factor: usedRecovery ? 'recovery_code' : 'totp' },
        })
      })
      await guard.succeeded()
      // Both factors given: this browser is the staff member's own from now on (ADR 13).
      return {
        staff: toStaffMember(row),
        recovery_codes: codes,
        device: deps.devices.issue('staff', row.email),
      }
    },

    /**
     * The staff member behind a session token, or null when the session ended (expired or idle).
     * A request's look-up keeps the session alive (`touch`); an open socket's check does not, so a
     * console left open still ends when idle.
     */
    async staffForToken(
      token: string,
      options: { touch: boolean } = { touch: true },
    ): Promise<StaffIdentity | null> {
      const found = await selectStaffSession(db, hashToken(token))
      if (!found) return null
      const at = now()
      const { session, staff } = found
      const idle = at.getTime() - session.lastSeenAt.getTime() > STAFF_IDLE_MINUTES * 60_000
      if (session.expiresAt <= at || idle || staff.status !== 'active') {
        await deleteStaffSession(db, session.id)
        return null
      }
      if (options.touch && at.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await updateStaffSession(db, session.id, { lastSeenAt: at })
      }
      return {
        staffId: staff.id,
        email: staff.email,
        role: staff.role,
        sessionId: session.id,
        verified: session.secondFactorAt !== null,
        language: isLocale(staff.language) ? staff.language : null,
      }
    },

    /** The console's language a staff member chose (their own, before the site's choice). */
    async setLanguage(identity: StaffIdentity, language: Locale) {
      await updateStaffLanguage(db, identity.staffId, language)
    },

    async logout(identity: StaffIdentity, ip: string) {
      await db.transaction(async (tx) => {
        await deleteStaffSession(tx, identity.sessionId)
        if (identity.verified) {
          await recordAudit(
            tx,
            { staffId: identity.staffId, email: identity.email, role: identity.role, ip },
            now(),
            {
              action: 'staff.logout',
              target: { type: 'staff', id: identity.staffId },
            },
          )
        }
      })
      deps.sessionsEnded({ staff: identity.staffId })
    },
  }
}

/** The enrollment link of a staff member's authenticator key, and its QR code (an SVG we draw). */
async function enrollmentOf(row: { totpSecret: string; email: string }) {
  const otpauthUrl = totpUri(row.totpSecret, row.email, ISSUER)
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { otpauthUrl, qrSvg }
}
