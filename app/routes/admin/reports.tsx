import { useState } from 'react'
import { api } from '#common/api.ts'
import type { ReportOutcome } from '#common/moderation.ts'
import type { ReportQueueItem } from '#common/schemas/moderation.ts'
import { DocumentTitle } from '../../components/document-title.tsx'
import { useTranslation } from '../../i18n.ts'
import { step } from '../../lib/call-action.server.ts'
import type { Route } from './+types/reports'
import { loadReportQueue } from './admin.server.ts'
import { consoleAction } from './console-action.server.ts'
import { ActionFeedback, useShortcuts } from './console-ui.tsx'
import { useQueueCursor } from './queue-cursor.ts'
import { OUTCOME_KEYS, ReportDetail, useReasonLabel } from './report-detail.tsx'

export async function loader({ context }: Route.LoaderArgs) {
  return loadReportQueue(context)
}

export async function action({ context, request }: Route.ActionArgs) {
  return consoleAction(context, request, {
    decide: step({
      call: api.decideReport,
      // A suspension's days and a hidden photo count for their own outcome only.
      // A ban counts only once its box is ticked (the form asks before it posts).
      read: ({ days, photo, confirm, ...fields }) => ({
        ...fields,
        ...(fields.outcome === 'suspend' ? { days } : {}),
        ...(fields.outcome === 'hide_photo' ? { photo } : {}),
        ...(fields.outcome === 'ban' ? { confirm } : {}),
      }),
      answer: (_decided, body) => ({ report: body.report, outcome: body.outcome }),
    }),
  })
}

/**
 * /admin/reports: reports and appeals, longest waiting first (ADR 16). J/K choose a report; a
 * letter picks the outcome and puts the cursor in the reason; Ctrl+Enter decides.
 */
export default function Reports({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const reasonLabel = useReasonLabel()
  const [reports, setReports] = useState<ReportQueueItem[]>(loaderData.reports)
  const [waiting, setWaiting] = useState(loaderData.waiting)
  // Without the scripts the decision comes back as the page's answer, the queue without it.
  const [status, setStatus] = useState(() =>
    actionData?.ok
      ? t('console.reports.decided', {
          id: actionData.result.report,
          outcome: t(`console.reports.outcomes.${actionData.result.outcome}`),
        })
      : '',
  )
  const cursor = useQueueCursor(reports, (r) => r.id)
  const { current } = cursor

  useShortcuts(
    {
      j: cursor.next,
      k: cursor.previous,
      ...Object.fromEntries(
        Object.entries(OUTCOME_KEYS).map(([key, outcome]) => [
          key,
          () => window.dispatchEvent(new CustomEvent('report-outcome', { detail: outcome })),
        ]),
      ),
    },
    'console.reports.keys',
  )

  function decided(report: ReportQueueItem, outcome: ReportOutcome) {
    setStatus(
      t('console.reports.decided', { id: report.id, outcome: t(`console.reports.outcomes.${outcome}`) }),
    )
    setReports((list) => list.filter((r) => r.id !== report.id))
    setWaiting((n) => Math.max(0, n - 1))
  }

  return (
    <>
      <DocumentTitle title={t('console.reports.title')} />
      <div className="d-flex flex-wrap align-items-baseline gap-3 mb-2">
        <h1 className="h4 mb-0">{t('console.reports.title')}</h1>
        <span className="text-body-secondary" data-testid="report-waiting">
          {t('console.reports.waiting', { count: waiting })}
        </span>
      </div>
      <p className="small text-body-secondary mb-3" id="report-keys">
        {t('console.reports.keys')}
      </p>
      <ActionFeedback status={status} error={actionData?.ok === false ? actionData.message : null} />
      {reports.length === 0 ? (
        <p className="text-body-secondary">{t('console.reports.empty')}</p>
      ) : (
        <div className="row g-3">
          <nav className="col-lg-4" aria-label={t('console.reports.title')}>
            <ul className="list-group">
              {reports.map((r, i) => (
                <li key={r.id} className="list-group-item p-0">
                  <button
                    type="button"
                    className={`btn w-100 text-start rounded-0 ${r.id === current?.id ? 'active' : ''}`}
                    aria-current={r.id === current?.id ? 'true' : undefined}
                    onClick={() => cursor.select(i)}
                    data-testid="report-item"
                  >
                    <span className="fw-semibold">#{r.id}</span>{' '}
                    <span className="badge text-bg-secondary">{reasonLabel(r.reason)}</span>{' '}
                    {r.status === 'appealed' ? (
                      <span className="badge text-bg-warning">{t('console.reports.status.appealed')}</span>
                    ) : null}
                    <span className="d-block small text-truncate">{r.reported?.name ?? r.message}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div className="col-lg-8">
            {current ? <ReportDetail key={current.id} report={current} onDecided={decided} /> : null}
          </div>
        </div>
      )}
    </>
  )
}
