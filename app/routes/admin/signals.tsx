import { Link, useNavigate } from 'react-router'
import { api } from '#common/api.ts'
import { useTranslation } from '../../i18n.ts'
import { step } from '../../lib/call-action.server.ts'
import { useFetcherForm } from '../../lib/page-form.ts'
import type { Route } from './+types/signals'
import { loadSignals } from './admin.server.ts'
import { consoleAction } from './console-action.server.ts'
import { ConsoleTime } from './console-time.tsx'
import { ActionFeedback, useShortcuts } from './console-ui.tsx'
import { useQueueCursor } from './queue-cursor.ts'
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
type Signal = Route.ComponentProps['loaderData']['signals'][number]
const REVIEW = '/admin/signals?intent=review'

/**
 * The queue's rows: many sign-ups from one address are one row, whose accounts go together (its
 * newest signal says how many); every other signal is a row of its own. In the queue's order.
 */
function rowsOf(signals: Signal[]) {
  const rows: { key: string; signals: Signal[]; ip: string | null }[] = []
  const byAddress = new Map<string, (typeof rows)[number]>()
  for (const s of signals) {
    const ip = s.kind === 'signup_burst' && typeof s.detail.ip === 'string' ? s.detail.ip : null
    const row = ip === null ? undefined : byAddress.get(ip)
    if (row) row.signals.push(s)
    else {
      const next = { key: String(s.id), signals: [s], ip }
      rows.push(next)
      if (ip !== null) byAddress.set(ip, next)
    }
  }
  return rows
}

/** The ban form, filled in with an address; nothing is added until the moderator sends it. */
const banLink = (ip: string) => `/admin/bans?kind=ip&value=${encodeURIComponent(ip)}`

/** How many accounts of an address show before the others are asked for. */
const SHOWN = 5

/** The accounts a row is about, each to its file: the first few, the others a click away. */
function Accounts({ signals }: { signals: Signal[] }) {
  const { t } = useTranslation()
  const item = (s: Signal) => (
    <li key={s.id} className="text-nowrap">
      <Link to={`/admin/members/${s.member.user_id}`}>{s.member.name}</Link>{' '}
      <span className="text-body-secondary">#{s.member.user_id}</span>{' '}
      <span className="badge text-bg-light">{statusLabel(t, 'account', s.member.account_status)}</span>
    </li>
  )
  // One more than SHOWN shows too: "and 1 more" would hide no more than it takes.
  const shown = signals.length <= SHOWN + 1 ? signals.length : SHOWN
  const rest = signals.slice(shown)
  return (
    <>
      <ul
        className="list-unstyled mb-0"
        aria-label={signals.length > 1 ? t('console.signals.group') : undefined}
      >
        {signals.slice(0, shown).map(item)}
      </ul>
      {rest.length > 0 ? (
        <details>
          <summary className="small">{t('console.signals.more', { count: rest.length })}</summary>
          <ul className="list-unstyled mb-0">{rest.map(item)}</ul>
        </details>
      ) : null}
    </>
  )
}

/**
 * /admin/signals: what put members here without a report; X dismisses (a row of one address's
 * sign-ups: all of them), C opens a case, B opens the ban form for a row's address (ADR 16).
 * A review posts to the page's action (one fetcher); the queue is the loader's, without the one
 * on its way.
 */
export default function Signals({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const form = useFetcherForm<Answer>('signal-review', 'review', actionData)
  // The row on its way out leaves at once: one signal, or all of its address's.
  const leaving = Number(form.fetcher.formData?.get('signal'))
  const allOfIt = form.fetcher.formData?.get('action') === 'dismiss_address'
  const address = allOfIt
    ? rowsOf(loaderData.signals).find((r) => r.signals.some((s) => s.id === leaving))
    : null
  const gone = new Set(address ? address.signals.map((s) => s.id) : leaving ? [leaving] : [])
  const kept = loaderData.signals.filter((s) => !gone.has(s.id))
  const rows = rowsOf(kept)
  const waiting = Math.max(0, loaderData.waiting - (loaderData.signals.length - kept.length))
  const cursor = useQueueCursor(rows, (row) => row.key)
  const { current } = cursor
  const result = form.done && form.answer?.ok ? form.answer.result : null
  const status = result
    ? result.report
      ? t('console.signals.caseOpened', { id: result.report })
      : result.dismissed > 1
        ? t('console.signals.dismissedAll', { count: result.dismissed })
        : t('console.signals.dismissed')
    : ''

  const review = (signal: number, action: 'dismiss' | 'open_case' | 'dismiss_address') => {
    if (!form.busy) void form.fetcher.submit({ signal, action }, { method: 'post', action: REVIEW })
  }
  /** X: the row's signal, or all of its address's. C: a case, for a row of one signal. B: its address's ban. */
  const dismiss = (row: (typeof rows)[number]) =>
    review(row.signals[0].id, row.signals.length > 1 ? 'dismiss_address' : 'dismiss')

  useShortcuts(
    {
      j: cursor.next,
      k: cursor.previous,
      x: () => current && dismiss(current),
      c: () => current?.signals.length === 1 && review(current.signals[0].id, 'open_case'),
      b: () => {
        if (current?.ip) void navigate(banLink(current.ip))
      },
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
      {rows.length === 0 ? (
        <p className="text-body-secondary">{t('console.signals.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle stack-on-phone" aria-describedby="signal-keys">
            <tbody>
              {rows.map((row, i) => {
                const [first] = row.signals
                const grouped = row.signals.length > 1
                return (
                  <tr
                    key={row.key}
                    className={row === current ? 'queue-current' : ''}
                    aria-current={row === current ? 'true' : undefined}
                    onClick={() => cursor.select(i)}
                  >
                    <td className="text-md-nowrap small">
                      <ConsoleTime at={first.created_at} />
                    </td>
                    <td>{t(`console.signals.kinds.${first.kind}`)}</td>
                    <td>
                      <Accounts signals={row.signals} />
                    </td>
                    <td className="small text-break stack-detail" data-testid="signal-detail">
                      {/* The newest says how many accounts the address has made by now. */}
                      <SignalDetail signal={row.signals[row.signals.length - 1]} />
                      {row.ip ? (
                        <div>
                          <Link to={banLink(row.ip)} aria-keyshortcuts={row === current ? 'B' : undefined}>
                            <kbd className="me-1">B</kbd>
                            {t('console.signals.banAddress')}
                          </Link>
                        </div>
                      ) : null}
                    </td>
                    <td className="text-md-nowrap">
                      <form.fetcher.Form method="post" action={REVIEW}>
                        <input type="hidden" name="signal" value={first.id} />
                        <button
                          type="submit"
                          name="action"
                          value={grouped ? 'dismiss_address' : 'dismiss'}
                          className="btn btn-outline-dark btn-sm me-1"
                          disabled={form.busy}
                        >
                          <kbd className="me-1">X</kbd>
                          {grouped ? t('console.signals.dismissAll') : t('console.signals.dismiss')}
                        </button>
                        {grouped ? null : (
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
                        )}
                      </form.fetcher.Form>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      <SafetyFigures safety={loaderData.safety} />
    </>
  )
}
