/**
 * The console's roles (ADR 15), each with the least it needs: admin (everything, and staff),
 * moderator (photos, reports, bans), support (members' accounts, credits, exports; no bans, no
 * payments' card data), operator (the fictional profiles' inbox, part 2).
 */
export const STAFF_ROLES = ['admin', 'moderator', 'support', 'operator'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]
export const isStaffRole = (role: string): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role)

/** The staff session's cookie, apart from members' `auth.session`. */
export const STAFF_COOKIE = 'auth.staff'
/** A staff session ends this long after login, whatever happens. */
export const STAFF_SESSION_HOURS = 8
/** …and after this long without a request. */
export const STAFF_IDLE_MINUTES = 30
/** Between the password and the second factor, at most this long. */
export const STAFF_SECOND_FACTOR_MINUTES = 5
/** Recovery codes given at enrollment, each usable once instead of a code from the app. */
export const RECOVERY_CODE_COUNT = 10
