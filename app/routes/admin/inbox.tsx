import { useCallback, useEffect, useRef, useState } from 'react'
import { api, CONSOLE_SOCKET_PATH } from '#common/api.ts'
import type { InboxConversation } from '#common/schemas/operators.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { connectRealtime } from '../../lib/realtime.ts'
import type { Route } from './+types/inbox'
import { loadInbox } from './admin.server.ts'
import { ActionFeedback, useConsoleAction, useShortcuts } from './console-ui.tsx'
import { InboxAnswer } from './inbox-answer.tsx'

export async function loader({ context }: Route.LoaderArgs) {
  return loadInbox(context)
}

type Queue = Route.ComponentProps['loaderData']

const clock = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(5, 16) : '—')

/**
 * /admin/inbox: members waiting for a fictional profile's answer, longest first (ADR 17). N takes
 * the next conversation; the queue updates by itself over the console's socket.
 */
export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const [queue, setQueue] = useState<Queue>(loaderData)
  const [open, setOpen] = useState<InboxConversation | null>(null)
  const action = useConsoleAction()
  const refresh = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const reload = useCallback(async () => {
    const next = await callApi(api.inbox, { retries: 2 }).catch(() => null)
    if (next) setQueue((current) => ({ ...current, ...next }))
  }, [])

  // Live: every change of the inbox (a member wrote, an answer, a claim) reloads the list, once.
  useEffect(() => {
    const realtime = connectRealtime({
      path: CONSOLE_SOCKET_PATH,
      onFrame: (frame) => {
        if (frame.type !== 'inbox.changed') return
        clearTimeout(refresh.current)
        refresh.current = setTimeout(() => void reload(), 250)
      },
      onReconnect: () => void reload(),
    })
    return () => {
      clearTimeout(refresh.current)
      realtime.close()
    }
  }, [reload])

  const take = useCallback(
    (conversation?: number) =>
      action.run(async () => {
        const claimed = await callApi(api.claimConversation, {
          body: conversation ? { conversation } : {},
          retries: 0,
        })
        const { conversation: view } = await callApi(api.inboxConversation, {
          query: { conversation: claimed.conversation },
          retries: 1,
        })
        setOpen(view)
        return t('console.inbox.as', { name: view.fictional.name })
      }),
    [action, t],
  )

  const release = useCallback(async () => {
    if (!open) return
    await callApi(api.releaseConversation, { body: { conversation: open.conversation }, retries: 0 }).catch(
      () => {},
    )
    setOpen(null)
    void reload()
  }, [open, reload])

  useShortcuts({ n: () => void take(), escape: () => void release() })

  return (
    <>
      <title>{t('console.inbox.title')}</title>
      <div className="d-flex flex-wrap align-items-baseline gap-3 mb-2">
        <h1 className="h4 mb-0">{t('console.inbox.title')}</h1>
        <span className="text-body-secondary" data-testid="inbox-waiting">
          {t('console.inbox.waiting', { count: queue.waiting })}
        </span>
        <span className="small text-body-secondary" data-testid="inbox-mine">
          {t('console.inbox.mine', {
            count: queue.me.answers_last_hour,
            median:
              queue.me.median_wait_seconds === null
                ? t('console.inbox.noMedian')
                : `${Math.round(queue.me.median_wait_seconds / 60)} min`,
          })}
        </span>
      </div>
      <p className="small text-body-secondary mb-2">
        {t('console.inbox.keys')} · {t('console.inbox.live')}
      </p>
      <ActionFeedback status={action.status} error={action.error} />
      <div className="row g-3">
        <div className="col-lg-4">
          <button
            type="button"
            className="btn btn-primary btn-sm mb-2"
            disabled={action.busy || queue.waiting === 0}
            onClick={() => void take()}
          >
            <kbd className="me-1">N</kbd>
            {t('console.inbox.next')}
          </button>
          <p className="small mb-1">
            {t('console.inbox.sites')}:{' '}
            {queue.sites
              .map((s) => `${s.site} ${s.waiting} (${t('console.inbox.oldest', { time: clock(s.oldest) })})`)
              .join(' · ')}
          </p>
          {queue.conversations.length === 0 ? (
            <p className="text-body-secondary">{t('console.inbox.empty')}</p>
          ) : (
            <ul className="list-group" data-testid="inbox-list">
              {queue.conversations.map((c) => (
                <li
                  key={c.conversation}
                  className={`list-group-item d-flex gap-2 align-items-start ${c.conversation === open?.conversation ? 'border-primary border-2' : ''}`}
                  aria-current={c.conversation === open?.conversation ? 'true' : undefined}
                  data-testid="inbox-item"
                >
                  <div className="flex-grow-1" style={{ minWidth: 0 }}>
                    <div className="fw-semibold text-truncate">
                      {c.member.name}, {c.member.age} → {c.fictional.name}
                    </div>
                    <div className="small text-truncate">{c.last_text}</div>
                    <div className="small text-body-secondary">
                      {c.site} · {t('console.inbox.waitingSince', { time: clock(c.waiting_since) })}
                      {c.claimed ? (
                        <span className="badge text-bg-warning ms-1">{t('console.inbox.claimed')}</span>
                      ) : null}
                      {c.claimed_by_me ? (
                        <span className="badge text-bg-info ms-1">{t('console.inbox.yours')}</span>
                      ) : null}
                    </div>
                  </div>
                  {c.claimed || c.conversation === open?.conversation ? null : (
                    <button
                      type="button"
                      className="btn btn-outline-primary btn-sm"
                      disabled={action.busy}
                      onClick={() => void take(c.conversation)}
                      aria-label={`${t('console.inbox.take')}: ${c.member.name} → ${c.fictional.name}`}
                    >
                      {t('console.inbox.take')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="col-lg-8">
          {open ? (
            <InboxAnswer
              key={open.conversation}
              conversation={open}
              onNote={(note) => setOpen((o) => (o ? { ...o, notes: [note, ...o.notes] } : o))}
              onSent={(status) => {
                action.setStatus(status)
                setOpen(null)
                void reload()
              }}
              onRelease={() => void release()}
            />
          ) : null}
        </div>
      </div>
    </>
  )
}
