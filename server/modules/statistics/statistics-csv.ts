import type { StatsResponse, StatsRow } from '#common/schemas/statistics.ts'

const COUNTS = [
  'visits',
  'signups',
  'confirmations',
  'first_purchases',
  'purchases',
  'paying_members',
  'refunds',
  'withdrawals',
  'messages_to_members',
  'messages_to_fictional',
  'answers',
  'average_wait_seconds',
  'calls',
  'call_minutes',
] as const

/** An amount written as text (two decimals): a number, not a formula. */
const NUMBER = /^-?\d+(\.\d+)?$/
/**
 * What a spreadsheet may run as a formula: a cell that starts, maybe after spaces, with = + - @ (or
 * their full-width forms), or with a tab or a line break (OWASP's CSV injection).
 */
const FORMULA = /^(?:[\s\u00a0\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r\n])/

/**
 * One CSV field: quoted when it holds a separator, a quote or a line break; a text a spreadsheet
 * would run as a formula (a traffic source is whatever a link carried) starts with a quote mark.
 * Numbers are written as numbers, a negative one included.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && FORMULA.test(text) && !NUMBER.test(text)) text = `'${text}`
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

const cents = (amount: number | null | undefined) => (amount == null ? null : (amount / 100).toFixed(2))

/** A report as CSV: a row per group and a total, money per currency in its units (two decimals). */
export function statsCsv(report: StatsResponse): string {
  const currencies = [
    ...new Set([...report.rows, report.total].flatMap((r) => r.money.map((m) => m.currency))),
  ]
  currencies.sort()
  const header = [
    report.by,
    ...COUNTS,
    ...currencies.flatMap((c) => [
      `revenue_${c}`,
      `refunded_${c}`,
      `withdrawn_${c}`,
      `revenue_per_paying_${c}`,
    ]),
  ]
  const line = (row: StatsRow) => [
    row.key,
    ...COUNTS.map((name) => row[name]),
    ...currencies.flatMap((c) => {
      const money = row.money.find((m) => m.currency === c)
      return [
        cents(money?.revenue ?? 0),
        cents(money?.refunded ?? 0),
        cents(money?.withdrawn ?? 0),
        cents(money?.revenue_per_paying),
      ]
    }),
  ]
  return `${[header, ...report.rows.map(line), line(report.total)]
    .map((fields) => fields.map(csvField).join(','))
    .join('\r\n')}\r\n`
}
