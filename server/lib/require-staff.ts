import type { FastifyRequest } from 'fastify'
import { mayOpen } from '#common/console-pages.ts'
import type { Locale } from '#common/constants.ts'
import type { StaffRole } from '#common/staff.ts'
import { AppError } from './errors.ts'

/** Who is behind a staff session (the staff-session plugin fills it). */
export interface StaffIdentity {
  staffId: number
  email: string
  role: StaffRole
  sessionId: number
  /** Whether the second factor was given: until then only the second-factor call is open. */
  verified: boolean
  /** The console's language they chose; null: the site's choice (cookie, browser, domain). */
  language: Locale | null
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffIdentity | null
    staffToken: string | null
  }
}

/**
 * The staff member of a console call, with both factors given and one of the call's roles; 401
 * `staff.required` without a staff session, 403 `staff.forbidden` for another role. Admins may
 * make every call.
 */
export function requireStaff(request: FastifyRequest, roles: readonly StaffRole[]): StaffIdentity {
  const staff = request.staff
  if (!staff?.verified) throw new AppError('staff.required', 401)
  if (!mayOpen(staff.role, roles)) throw new AppError('staff.forbidden', 403)
  return staff
}
