import { useState } from 'react'
import { Link } from 'react-router'
import { api } from '#common/api.ts'
import { useTranslation } from '../../i18n.ts'
import { step } from '../../lib/call-action.server.ts'
import { useFetcherForm } from '../../lib/page-form.ts'
import type { Route } from './+types/signals'
import { loadSignals } from './admin.server.ts'
import { consoleAction } from './console-action.server.ts'
import { ActionFeedback, useShortcuts } from './console-ui.tsx'
import { SafetyFigures } from './safety-figures.tsx'
import { SignalDetail } from './signal-detail.tsx'
import { statusLabel } from './status-label.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadSignals(context)
}

export async function action({ context, request }: Route.ActionArgs) {
  return consoleAction(context, request, {
    review: step({
      call: api.reviewSignal,
    }),
  })
}

type Answer = NonNullable<Route.ComponentProps['actionData']>
const REVIEW = '/admin/signals?intent=review'

/**
 * /admin/signals: what put members here without a report; X dismisses, C opens a case (ADR 16).
 * A review posts to the page's action (one fetcher); the queue is the loader's, without the one
 * on its way.
 */
export default function Signals({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const form = useFetcherForm<Answer>('signal-review', 'review', actionData)
  const leaving = Number(form.fetcher.formData?.get('signal'))
  const signals = loaderData.signals.filter((s) => s.id !== leaving)
  const waiting = Math.max(0, loaderData.waiting - (leaving ? 1 : 0))
  const [selected, setSelected] = useState(0)
  const current = signals[Math.min(selected, signals.length - 1)]
  const result = form.done && form.answer?.ok ? form.answer.result : null
  const status = result
    ? result.report
      ? t('console.signals.caseOpened', { id: result.report })
      : t('console.signals.dismissed')
    : ''

  const review = (signal: number, action: 'dismiss' | 'open_case') => {
    if (!form.busy) void form.fetcher.submit({ signal, action }, { method: 'post', action: REVIEW })
  }

  useShortcuts(
    {
      j: () => setSelected((s) => Math.min(s + 1, signals.length - 1)),
      k: () => setSelected((s) => Math.max(s - 1, 0)),
      x: () => current && review(current.id, 'dismiss'),
      c: () => current && review(current.id, 'open_case'),
    },
    'console.signals.keys',
  )

  return (
    <>
      <title>{t('console.signals.title')}</title>
      <div className="d-flex flex-wrap align-items-baseline gap-3 mb-2">
        <h1 className="h4 mb-0">{t('console.signals.title')}</h1>
        <span className="text-body-secondary">{t('console.signals.waiting', { count: waiting })}</span>
      </div>
      <p className="small text-body-secondary" id="signal-keys">
        {t('console.signals.keys')}
      </p>
      <ActionFeedback status={status} error={form.message} />
      {signals.length === 0 ? (
        <p className="text-body-secondary">{t('console.signals.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle" aria-describedby="signal-keys">
            <tbody>
              {signals.map((s, i) => (
                <tr
                  key={s.id}
                  className={s.id === current?.id ? 'table-primary' : ''}
                  aria-current={s.id === current?.id ? 'true' : undefined}
                  onClick={() => setSelected(i)}
                >
                  <td className="text-nowrap small">{s.created_at.replace('T', ' ').slice(0, 16)}</td>
                  <td>{t(`console.signals.kinds.${s.kind}`)}</td>
                  <td>
                    <Link to={`/admin/members/${s.member.user_id}`}>{s.member.name}</Link>{' '}
                    <span className="text-body-secondary">#{s.member.user_id}</span>{' '}
                    <span className="badge text-bg-light">
                      {statusLabel(t, 'account', s.member.account_status)}
                    </span>
                  </td>
                  <td className="small text-break" style={{ maxWidth: 420 }} data-testid="signal-detail">
                    <SignalDetail signal={s} />
                  </td>
                  <td className="text-nowrap">
                    <form.fetcher.Form method="post" action={REVIEW}>
                      <input type="hidden" name="signal" value={s.id} />
                      <button
                        type="submit"
                        name="action"
                        value="dismiss"
                        className="btn btn-outline-secondary btn-sm me-1"
                        disabled={form.busy}
                      >
                        <kbd className="me-1">X</kbd>
                        {t('console.signals.dismiss')}
                      </button>
                      <button
                        type="submit"
                        name="action"
                        value="open_case"
                        className="btn btn-outline-danger btn-sm"
                        disabled={form.busy}
                      >
                        <kbd className="me-1">C</kbd>
                        {t('console.signals.openCase')}
                      </button>
                    </form.fetcher.Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <SafetyFigures safety={loaderData.safety} />
    </>
  )
}
