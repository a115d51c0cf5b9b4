import { dateTimeFormat } from './intl.ts'

/**
 * How a chat shows when a message was sent: `list`, the conversations list's line (the time for
 * today's, the day and month for older ones); `time`, beside a message; `day`, the line opening
 * each day of a conversation.
 */
export type ChatTimeKind = 'list' | 'time' | 'day'

/** Labels made on the server for a page's messages, by chatTimeKey. */
export type ChatTimeLabels = Record<string, string>

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' }
const DAY: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' }
const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' }
const CALENDAR_DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' }

export const chatTimeKey = (kind: ChatTimeKind, iso: string) => `${kind} ${iso}`

function sameDay(a: Date, b: Date, timeZone: string | undefined) {
  if (timeZone === undefined) return a.toDateString() === b.toDateString()
  const day = dateTimeFormat('en', { ...CALENDAR_DAY, timeZone })
  return day.format(a) === day.format(b)
}

/**
 * A message's moment as a chat shows it, in `timeZone` (the runtime's own when undefined, as in
 * the member's browser); `now` tells today from other days.
 */
export function chatTime(
  kind: ChatTimeKind,
  iso: string,
  locale: string,
  now: Date,
  timeZone?: string,
): string {
  const at = new Date(iso)
  const options = kind === 'time' ? TIME : kind === 'day' ? DAY : sameDay(at, now, timeZone) ? TIME : DATE
  return dateTimeFormat(locale, timeZone === undefined ? options : { ...options, timeZone }).format(at)
}

/**
 * The labels of a page's messages, made on the server in the member's time zone (the one their
 * browser last reported): the first Intl date format a phone makes costs over 100 ms of its CPU
 * (common/intl.ts), which a chat page then does not pay while hydrating.
 */
export function chatTimeLabels(
  wanted: Iterable<[ChatTimeKind, string]>,
  locale: string,
  now: Date,
  timeZone: string,
): ChatTimeLabels {
  const labels: ChatTimeLabels = {}
  for (const [kind, iso] of wanted)
    labels[chatTimeKey(kind, iso)] = chatTime(kind, iso, locale, now, timeZone)
  return labels
}
