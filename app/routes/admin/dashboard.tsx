import { Link } from 'react-router'
import type { TFunction } from '../../i18n.ts'
import { useTranslation } from '../../i18n.ts'
import type { Route } from './+types/dashboard'
import { loadDashboard } from './admin.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadDashboard(context)
}

/** How long something has waited, in the largest whole unit. */
function waited(since: string | null, now: number, t: TFunction): string {
  if (!since) return '—'
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000))
  if (minutes < 60) return t('console.dashboard.minutes', { count: minutes })
  if (minutes < 48 * 60) return t('console.dashboard.hours', { count: Math.floor(minutes / 60) })
  return t('console.dashboard.days', { count: Math.floor(minutes / 1440) })
}

/** /admin: what waits in each queue and since when; sign-ups and reports per day. */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { queues, daily } = loaderData
  // The ages are as of the moment the page was made, by the server's clock (never the browser's
  // render time: a minute passing between the two made the page's text differ while hydrating).
  const now = new Date(loaderData.now).getTime()
  return (
    <>
      <title>{t('console.dashboard.title')}</title>
      <h1 className="h4 mb-3">{t('console.dashboard.title')}</h1>
      <div className="row g-3 mb-4">
        {queues.map((q) => (
          <section key={q.queue} className="col-sm-6 col-lg-3" aria-labelledby={`queue-${q.queue}`}>
            <div className="card h-100">
              <div className="card-body">
                <h2 className="h6" id={`queue-${q.queue}`}>
                  {/* The whole card opens its queue (issue 39, point 2). */}
                  <Link to={`/admin/${q.queue}`} className="stretched-link">
                    {t(`console.queues.${q.queue}`)}
                  </Link>
                </h2>
                <p className="display-6 mb-1" data-testid={`queue-${q.queue}`}>
                  {q.waiting}
                </p>
                <p className="small mb-0">
                  {t('console.dashboard.oldest')} {waited(q.oldest, now, t)}
                </p>
              </div>
            </div>
          </section>
        ))}
      </div>
      <h2 className="h5">{t('console.dashboard.daily')}</h2>
      <div className="table-responsive">
        <table className="table table-sm table-striped align-middle" style={{ maxWidth: 480 }}>
          <thead>
            <tr>
              <th scope="col">{t('console.dashboard.day')}</th>
              <th scope="col" className="text-end">
                {t('console.dashboard.signups')}
              </th>
              <th scope="col" className="text-end">
                {t('console.dashboard.reports')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...daily].reverse().map((d) => (
              <tr key={d.day}>
                <th scope="row" className="fw-normal">
                  {d.day}
                </th>
                <td className="text-end">{d.signups}</td>
                <td className="text-end">{d.reports}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
