import { isTimeZone, wallClockAsUtc } from '#common/time-zone.ts'

// Days in a member's own time zone: where their day starts and ends, DST included.

/** A main time zone per site country, for members whose browser has not told us theirs yet. */
const COUNTRY_TIME_ZONES: Record<string, string> = {
  US: 'America/New_York',
  CA: 'America/Toronto',
  AU: 'Australia/Sydney',
  NZ: 'Pacific/Auckland',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  PL: 'Europe/Warsaw',
  FR: 'Europe/Paris',
  BE: 'Europe/Brussels',
  NL: 'Europe/Amsterdam',
  DE: 'Europe/Berlin',
  AT: 'Europe/Vienna',
  CH: 'Europe/Zurich',
  IT: 'Europe/Rome',
  ES: 'Europe/Madrid',
}

/** The member's time zone, or their country's, or UTC. */
export function timeZoneOf(stored: string | null, country: string): string {
  if (stored && isTimeZone(stored)) return stored
  return COUNTRY_TIME_ZONES[country] ?? 'UTC'
}

/** The instant at which the local midnight of the given wall-clock date happens in `timeZone`. */
function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month, day)
  let guess = wall
  for (let i = 0; i < 3; i++) {
    const offset = wallClockAsUtc(new Date(guess), timeZone) - guess
    guess = wall - offset
  }
  return new Date(guess)
}

/** The start of the member's day containing `now`, and the start of the next. */
export function dayBounds(now: Date, timeZone: string): { start: Date; next: Date } {
  const wall = new Date(wallClockAsUtc(now, timeZone))
  const [y, m, d] = [wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()]
  return { start: localMidnight(y, m, d, timeZone), next: localMidnight(y, m, d + 1, timeZone) }
}

/** The start of the member's calendar month containing `now`, and the start of the next. */
export function monthBounds(now: Date, timeZone: string): { start: Date; next: Date } {
  const wall = new Date(wallClockAsUtc(now, timeZone))
  const [y, m] = [wall.getUTCFullYear(), wall.getUTCMonth()]
  return { start: localMidnight(y, m, 1, timeZone), next: localMidnight(y, m + 1, 1, timeZone) }
}

/** The member's wall-clock hour (0–23) at `at`, and the date of the night it belongs to. */
export function localHour(at: Date, timeZone: string): { hour: number; day: string } {
  const wall = new Date(wallClockAsUtc(at, timeZone))
  return { hour: wall.getUTCHours(), day: wall.toISOString().slice(0, 10) }
}
