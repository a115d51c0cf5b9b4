import { numberFormat } from '#common/intl.ts'
import type { StatsResponse, StatsRow } from '#common/schemas/statistics.ts'
import { useTranslation } from '../../i18n.ts'
import { statsDay } from './stats-chart.tsx'

const COUNTS = [
  'visits',
  'signups',
  'confirmations',
  'first_purchases',
  'paying_members',
  'refunds',
  'withdrawals',
  'messages_to_members',
  'messages_to_fictional',
  'answers',
  'calls',
  'call_minutes',
] as const

/** The report's figures: a row per day, site or source, money per currency, and the total. */
export function StatsTable({
  report,
  sites,
  currencies,
}: {
  report: StatsResponse
  sites: ReadonlyArray<{ id: number; name: string }>
  currencies: string[]
}) {
  const { t, i18n } = useTranslation()
  const money = (currency: string, cents: number | null | undefined) =>
    cents == null ? '—' : numberFormat(i18n.language, { style: 'currency', currency }).format(cents / 100)
  const label = (key: string) => {
    if (report.by === 'day') return statsDay(i18n.language).format(new Date(`${key}T00:00:00Z`))
    if (report.by === 'site') return sites.find((s) => String(s.id) === key)?.name ?? key
    return key === '' ? t('console.stats.none') : key
  }
  const wait = (seconds: number | null) =>
    seconds == null ? '—' : seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`

  const cells = (row: StatsRow) => (
    <>
      {COUNTS.map((name) => (
        <td className="text-end" key={name}>
          {row[name]}
        </td>
      ))}
      <td className="text-end">{wait(row.average_wait_seconds)}</td>
      {currencies.map((currency) => {
        const m = row.money.find((x) => x.currency === currency)
        return [
          <td className="text-end" key={`${currency}-revenue`}>
            {money(currency, m?.revenue ?? 0)}
          </td>,
          <td className="text-end" key={`${currency}-refunded`}>
            {money(currency, m?.refunded ?? 0)}
          </td>,
          <td className="text-end" key={`${currency}-withdrawn`}>
            {money(currency, m?.withdrawn ?? 0)}
          </td>,
          <td className="text-end" key={`${currency}-arppu`}>
            {money(currency, m?.revenue_per_paying)}
          </td>,
        ]
      })}
    </>
  )

  if (report.rows.length === 0) {
    return <p className="text-body-secondary">{t('console.stats.empty')}</p>
  }
  // The table scrolls sideways in its own box when its columns (a currency's each) pass the page's
  // width, its first column staying in view: the box is a region the keyboard reaches, so that arrow
  // keys scroll it.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard's focus.
    <section className="table-responsive" tabIndex={0} aria-label={t('console.stats.title')}>
      <table
        className="table table-sm table-striped table-hover align-middle small table-frozen-first"
        data-testid="stats-table"
      >
        <caption className="visually-hidden">{t('console.stats.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t(`console.stats.groups.${report.by}`)}</th>
            {COUNTS.map((name) => (
              <th scope="col" className="text-end" key={name}>
                {t(`console.stats.columns.${name}`)}
              </th>
            ))}
            <th scope="col" className="text-end">
              {t('console.stats.columns.average_wait')}
            </th>
            {currencies.map((currency) => [
              <th scope="col" className="text-end" key={`${currency}-revenue`}>
                {t('console.stats.revenueIn', { currency })}
              </th>,
              <th scope="col" className="text-end" key={`${currency}-refunded`}>
                {t('console.stats.refundedIn', { currency })}
              </th>,
              <th scope="col" className="text-end" key={`${currency}-withdrawn`}>
                {t('console.stats.withdrawnIn', { currency })}
              </th>,
              <th scope="col" className="text-end" key={`${currency}-arppu`}>
                {t('console.stats.perPayingIn', { currency })}
              </th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {/* The latest day first: what staff look at most. */}
          {(report.by === 'day' ? [...report.rows].reverse() : report.rows).map((row) => (
            <tr key={row.key}>
              <th scope="row" className="fw-normal text-nowrap">
                {label(row.key)}
              </th>
              {cells(row)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-semibold">
            <th scope="row">{t('console.stats.total')}</th>
            {cells(report.total)}
          </tr>
        </tfoot>
      </table>
    </section>
  )
}
