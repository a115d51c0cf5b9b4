import type { ReactNode } from 'react'
import { numberFormat } from '#common/intl.ts'
import { formatMoney } from '#common/money.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { useTranslation } from '../../i18n.ts'
import { useDateTime } from '../../lib/use-date-time.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import type { Route } from './+types/trust'
import { loadTrust } from './content.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadTrust(context)
}

/** One figure: what it is, large; what it counts and over which period, beneath. */
function Figure({
  id,
  value,
  label,
  children,
}: {
  id: string
  value: string
  label: string
  children: ReactNode
}) {
  return (
    <section className="col-12 col-md-6" aria-labelledby={`${id}-label`} data-testid={`trust-${id}`}>
      <div className="card h-100 shadow-sm">
        <div className="card-body">
          <p className="display-6 fw-semibold mb-1">{value}</p>
          <h2 className="h6" id={`${id}-label`}>
            {label}
          </h2>
          <p className="small text-body-secondary mb-0">{children}</p>
        </div>
      </div>
    </section>
  )
}

/**
 * /pages/trust (issue 54, point 10; ADR 32): what the site is, in figures counted from the
 * database when the page is shown, each with its definition and period. None is typed by hand.
 */
export default function Trust({ loaderData: f }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { settings } = useRootData()
  const locale = i18n.language
  const percent = (part: number, whole: number) =>
    whole === 0
      ? '–'
      : numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(part / whole)
  const date = useDateTime()
  const duration = (seconds: number | null) => {
    if (seconds === null) return '–'
    const [value, unit] =
      seconds < 90
        ? [seconds, 'second']
        : seconds < 5400
          ? [seconds / 60, 'minute']
          : [seconds / 3600, 'hour']
    return numberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: 'long',
      maximumFractionDigits: 0,
    }).format(value)
  }
  const money = (key: 'withdrawn' | 'refunded') =>
    f.money.length === 0
      ? formatMoney(0, 'EUR', locale)
      : f.money.map((m) => formatMoney(m[key], m.currency, locale)).join(' + ')
  const sum = (key: 'withdrawals' | 'refunds') => f.money.reduce((n, m) => n + m[key], 0)
  const period = { since: date(f.since), at: date(f.at) }

  return (
    <div className="container py-4 py-md-5 trust-page">
      <PageTitle title={t('trust.title')} />
      <h1 className="mb-3">{t('trust.title')}</h1>
      <p className="lead">{t('trust.intro', { name: settings.name })}</p>
      <p className="small text-body-secondary">{t('trust.when', { at: period.at })}</p>
      <div className="row g-3">
        <Figure
          id="fictional"
          value={percent(f.profiles.fictional, f.profiles.total)}
          label={t('trust.fictional.label')}
        >
          {t('trust.fictional.definition', {
            fictional: f.profiles.fictional,
            total: f.profiles.total,
            name: settings.name,
            icon: settings.fictional_icon,
          })}
        </Figure>
        <Figure
          id="operators"
          value={duration(f.operators.median_seconds)}
          label={t('trust.operators.label')}
        >
          {f.operators.answers === 0
            ? t('trust.operators.none', period)
            : t('trust.operators.definition', { count: f.operators.answers, ...period })}
        </Figure>
        <Figure
          id="money"
          value={t('trust.money.value', { count: sum('withdrawals'), amount: money('withdrawn') })}
          label={t('trust.money.label')}
        >
          {t('trust.money.definition', { count: sum('refunds'), amount: money('refunded'), ...period })}
        </Figure>
        <Figure
          id="reports"
          value={t('trust.reports.value', { count: f.reports.decided })}
          label={t('trust.reports.label', { duration: duration(f.reports.median_seconds) })}
        >
          {t('trust.reports.definition', period)}
        </Figure>
        <Figure
          id="verified"
          value={percent(f.profiles.verified, f.profiles.real)}
          label={t('trust.verified.label')}
        >
          {t('trust.verified.definition', { verified: f.profiles.verified, real: f.profiles.real })}
        </Figure>
      </div>
    </div>
  )
}
