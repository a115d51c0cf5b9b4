import { useMemo } from 'react'
import { Form, useLocation } from 'react-router'
import uplotCss from 'uplot/dist/uPlot.min.css?url'
import { api } from '#common/api.ts'
import { STATS_GROUPS } from '#common/choices.ts'
import { numberFormat } from '#common/intl.ts'
import type { StatsRow } from '#common/schemas/statistics.ts'
import { DocumentTitle } from '../../components/document-title.tsx'
import { useTranslation } from '../../i18n.ts'
import { callUrl } from '../../lib/api-client.ts'
import { step } from '../../lib/call-action.server.ts'
import { useFetcherForm, withIntent } from '../../lib/page-form.ts'
import type { Route } from './+types/statistics'
import { loadStatistics } from './admin.server.ts'
import { consoleAction } from './console-action.server.ts'
import { ActionFeedback } from './console-ui.tsx'
import { SafetyFigures } from './safety-figures.tsx'
import { StatsChart } from './stats-chart.tsx'
import { StatsTable } from './stats-table.tsx'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: uplotCss }]

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadStatistics(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return consoleAction(context, request, {
    recompute: step({
      call: api.refreshStats,
    }),
  })
}

type Answer = NonNullable<Route.ComponentProps['actionData']>

const COLORS = ['#0d6efd', '#d63384', '#198754', '#fd7e14', '#6f42c1']

/** /admin/statistics: what the sites earn and where their members come from, per day and source. */
export default function Statistics({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { query, report, sites, invalid } = loaderData
  const { search } = useLocation()
  // Recomputing the figures posts the shown range to the page's action; the page's data follows.
  const recomputing = useFetcherForm<Answer>('stats-recompute', 'recompute', actionData)
  const recomputed = recomputing.done && recomputing.answer?.ok ? recomputing.answer.result : null
  const status = recomputed ? t('console.stats.recomputed', { count: recomputed.days }) : ''
  const error = recomputing.error
  const recomputeAction = withIntent('/admin/statistics', search, 'recompute')
  const currencies = useMemo(() => report.total.money.map((m) => m.currency), [report])
  const money = (currency: string) => (cents: number) =>
    numberFormat(i18n.language, { style: 'currency', currency }).format(cents / 100)

  const days = useMemo(() => report.rows.map((r) => r.key), [report])
  const countSeries = useMemo(
    () =>
      (['visits', 'signups', 'confirmations', 'first_purchases'] as const).map((name, i) => ({
        label: t(`console.stats.columns.${name}`),
        color: COLORS[i],
        values: report.rows.map((r: StatsRow) => r[name]),
      })),
    [report, t],
  )
  const language = i18n.language
  // Money of different currencies is never drawn on one axis (issue 39, point 4): a chart each,
  // its axis in its own currency.
  const revenueCharts = useMemo(
    () =>
      currencies.map((currency, i) => {
        const format = numberFormat(language, { style: 'currency', currency })
        return {
          currency,
          format: (v: number) => format.format(v / 100),
          series: [
            {
              label: t('console.stats.revenueIn', { currency }),
              color: COLORS[i % COLORS.length],
              values: report.rows.map((r) => r.money.find((m) => m.currency === currency)?.revenue ?? 0),
            },
          ],
        }
      }),
    [report, currencies, t, language],
  )

  const total = report.total
  const tiles: Array<[string, string]> = [
    [t('console.stats.columns.visits'), String(total.visits)],
    [t('console.stats.columns.signups'), String(total.signups)],
    [t('console.stats.columns.first_purchases'), String(total.first_purchases)],
    [t('console.stats.columns.paying_members'), String(total.paying_members)],
    ...total.money.map((m): [string, string] => [
      t('console.stats.revenueIn', { currency: m.currency }),
      money(m.currency)(m.revenue - m.refunded - m.withdrawn),
    ]),
  ]

  return (
    <>
      <DocumentTitle title={t('console.stats.title')} />
      <h1 className="h4">{t('console.stats.title')}</h1>
      <p className="small text-body-secondary">{t('console.stats.intro')}</p>
      <Form method="get" className="row g-2 align-items-end mb-3" aria-label={t('console.stats.filters')}>
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="stats-from">
            {t('console.stats.from')}
          </label>
          <input
            id="stats-from"
            name="from"
            type="date"
            className="form-control form-control-sm"
            defaultValue={query.from}
            required
          />
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="stats-to">
            {t('console.stats.to')}
          </label>
          <input
            id="stats-to"
            name="to"
            type="date"
            className="form-control form-control-sm"
            defaultValue={query.to}
            required
          />
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="stats-by">
            {t('console.stats.by')}
          </label>
          <select id="stats-by" name="by" className="form-select form-select-sm" defaultValue={query.by}>
            {STATS_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`console.stats.groups.${g}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-md-3 col-xl-2">
          <label className="form-label small" htmlFor="stats-site">
            {t('console.settings.site')}
          </label>
          <select
            id="stats-site"
            name="site"
            className="form-select form-select-sm"
            defaultValue={query.site ?? ''}
          >
            <option value="">{t('console.stats.allSites')}</option>
            {sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="stats-network">
            {t('console.stats.network')}
          </label>
          <input
            id="stats-network"
            name="network"
            className="form-control form-control-sm"
            defaultValue={query.network ?? ''}
          />
        </div>
        <div className="col-6 col-md-2 d-flex gap-2">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('console.stats.show')}
          </button>
          <a className="btn btn-outline-secondary btn-sm" href={callUrl(api.statsCsv, query)} download>
            CSV
          </a>
        </div>
      </Form>
      {invalid ? (
        <p className="alert alert-warning py-2 small" role="alert">
          {t('console.stats.invalid')}
        </p>
      ) : null}
      <ActionFeedback status={status} error={error} />
      <div className="row g-2 mb-3" data-testid="stats-tiles">
        {tiles.map(([label, value]) => (
          <div className="col-6 col-md-4 col-lg-2" key={label}>
            <div className="card h-100">
              <div className="card-body py-2">
                <p className="small text-body-secondary mb-0">{label}</p>
                <p className="h5 mb-0">{value}</p>
              </div>
            </div>
          </div>
        ))}
      </div>
      {query.by === 'day' && days.length > 1 ? (
        <div className="row">
          <div className="col-lg-6">
            <StatsChart title={t('console.stats.chartCounts')} days={days} series={countSeries} />
          </div>
          {revenueCharts.map((chart) => (
            <div className="col-lg-6" key={chart.currency} data-testid={`revenue-chart-${chart.currency}`}>
              <StatsChart
                title={t('console.stats.chartRevenueIn', { currency: chart.currency })}
                days={days}
                series={chart.series}
                format={chart.format}
              />
            </div>
          ))}
        </div>
      ) : null}
      <StatsTable report={report} sites={sites} currencies={currencies} />
      <recomputing.fetcher.Form method="post" action={recomputeAction}>
        <input type="hidden" name="from" value={query.from} />
        <input type="hidden" name="to" value={query.to} />
        <button type="submit" className="btn btn-link btn-sm px-0" disabled={recomputing.busy}>
          {t('console.stats.recompute')}
        </button>
      </recomputing.fetcher.Form>
      <SafetyFigures safety={loaderData.safety} title={t('console.safety.titleRange')} />
    </>
  )
}
