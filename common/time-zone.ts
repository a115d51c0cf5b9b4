import { dateTimeFormat } from './intl.ts'

/** Whether the runtime knows this IANA time zone name (Europe/Paris). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
    return true
  } catch {
    return false
  }
}

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
}

/** The wall-clock date and time at `instant` in `timeZone`, read as if it were UTC. */
export function wallClockAsUtc(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    dateTimeFormat('en-US', { ...WALL_CLOCK, timeZone })
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  )
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second)
}

/**
 * What `new Date().getTimezoneOffset()` says at `at` in a browser set to `timeZone`: minutes from
 * the zone's wall clock to UTC (-60 in Paris in winter, 300 in New York).
 */
export function timeZoneOffset(timeZone: string, at: Date): number {
  const utc = Math.floor(at.getTime() / 1000) * 1000
  return Math.round((utc - wallClockAsUtc(at, timeZone)) / 60_000)
}
