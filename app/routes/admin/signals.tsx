import { useCallback, useState } from 'react'
import { api } from '#common/api.ts'
import type { SignalItem } from '#common/schemas/moderation.ts'
import { useTranslation } from '../../i18n.ts'
import { ApiError, callApi } from '../../lib/api-client.ts'
import { apiErrorMessage } from '../../lib/form-errors.ts'
import type { Route } from './+types/signals'
import { loadSignals } from './admin.server.ts'
import { ActionFeedback, useShortcuts } from './console-ui.tsx'

export async function loader({ context }: Route.LoaderArgs) {
  return loadSignals(context)
}

/** /admin/signals: what put members here without a report; X dismisses, C opens a case (ADR 16). */
export default function Signals({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [signals, setSignals] = useState<SignalItem[]>(loaderData.signals)
  const [waiting, setWaiting] = useState(loaderData.waiting)
  const [selected, setSelected] = useState(0)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const current = signals[Math.min(selected, signals.length - 1)]

  const review = useCallback(
    async (signal: SignalItem, action: 'dismiss' | 'open_case') => {
      if (busy) return
      setBusy(true)
      setError(null)
      try {
        const { report } = await callApi(api.reviewSignal, {
          body: { signal: signal.id, action },
          retries: 1,
        })
        setStatus(report ? t('console.signals.caseOpened', { id: report }) : t('console.signals.dismissed'))
      } catch (e) {
        if (!(e instanceof ApiError && (e.status === 409 || e.status === 404))) {
          setError(apiErrorMessage(e, t))
          setBusy(false)
          return
        }
      }
      setSignals((list) => list.filter((s) => s.id !== signal.id))
      setWaiting((count) => Math.max(0, count - 1))
      setBusy(false)
    },
    [busy, t],
  )

  useShortcuts({
    j: () => setSelected((s) => Math.min(s + 1, signals.length - 1)),
    k: () => setSelected((s) => Math.max(s - 1, 0)),
    x: () => current && void review(current, 'dismiss'),
    c: () => current && void review(current, 'open_case'),
  })

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
      <ActionFeedback status={status} error={error} />
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
                    {s.member.name} <span className="text-body-secondary">#{s.member.user_id}</span>{' '}
                    <span className="badge text-bg-light">{s.member.account_status}</span>
                  </td>
                  <td className="small font-monospace text-break" style={{ maxWidth: 360 }}>
                    {JSON.stringify(s.detail)}
                  </td>
                  <td className="text-nowrap">
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm me-1"
                      disabled={busy}
                      onClick={() => void review(s, 'dismiss')}
                    >
                      <kbd className="me-1">X</kbd>
                      {t('console.signals.dismiss')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm"
                      disabled={busy}
                      onClick={() => void review(s, 'open_case')}
                    >
                      <kbd className="me-1">C</kbd>
                      {t('console.signals.openCase')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
