// Signals a member may show (issue 61, point 5): "New here", from the sign-up date, and "Usually
// replies within a day", from the member's real answer times, shown only when true, only for a
// member who turned it on, never for a fictional profile.

const DAY_MS = 86_400_000

/** A member is new here this many days after signing up. */
export const NEW_HERE_DAYS = 14

/**
 * "Usually replies within a day": over the last `days`, at least `minTurns` messages waited for the
 * member's answer, and at least `share` of them were answered within `withinHours`.
 */
export const REPLY_SIGNAL = { days: 30, withinHours: 24, minTurns: 5, share: 0.7 } as const

/** Whether a profile is new here: a real member who signed up in the last NEW_HERE_DAYS days. */
export function isNewHere(signedUp: Date, now: Date, fictional: boolean): boolean {
  return !fictional && now.getTime() - signedUp.getTime() < NEW_HERE_DAYS * DAY_MS
}
