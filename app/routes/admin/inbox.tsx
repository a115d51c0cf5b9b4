import { useEffect, useRef } from 'react'
import {
  Form,
  redirect,
  useFetcher,
  useNavigate,
  useNavigation,
  useRevalidator,
  useSubmit,
} from 'react-router'
import { api, CONSOLE_SOCKET_PATH } from '#common/api.ts'
import { KIND_VIEWS } from '../../features/chat/message-kinds.tsx'
import { useTranslation } from '../../i18n.ts'
import { step } from '../../lib/call-action.server.ts'
import { connectRealtime } from '../../lib/realtime.ts'
import type { Route } from './+types/inbox'
import { loadInbox } from './admin.server.ts'
import { consoleAction } from './console-action.server.ts'
import { consoleTime } from './console-time.tsx'
import { ActionFeedback, useShortcuts } from './console-ui.tsx'
import { InboxAnswer } from './inbox-answer.tsx'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadInbox(context, request)
}

// The inbox's steps post to its action: taking a conversation opens it (its address), answering
// and a note answer in place, giving it back closes it.
export async function action({ context, request }: Route.ActionArgs) {
  return consoleAction(context, request, {
    claim: step({
      call: api.claimConversation,
      answer: (claimed) => redirect(`/admin/inbox?conversation=${claimed.conversation}`),
    }),
    answer: step({
      call: api.answerConversation,
      read: ({ member: _, ...fields }) => fields,
      answer: (_answered, _body, form) => ({ member: String(form.get('member') ?? '') }),
    }),
    note: step({
      call: api.addMemberNote,
    }),
    release: step({
      call: api.releaseConversation,
      answer: () => redirect('/admin/inbox'),
    }),
  })
}

const CLAIM = '/admin/inbox?intent=claim'

/**
 * /admin/inbox: members waiting for a fictional profile's answer, longest first (ADR 17). N takes
 * the next conversation; the queue updates by itself over the console's socket (its loader runs
 * again). Taking, answering, a note and giving back post to the page's action.
 */
export default function Inbox({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const queue = loaderData
  const open = loaderData.open
  const revalidator = useRevalidator()
  const submit = useSubmit()
  const answering = useFetcher<NonNullable<typeof actionData>>({ key: 'inbox-answer' })
  const refresh = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const revalidate = useRef(revalidator.revalidate)
  revalidate.current = revalidator.revalidate

  // Live: every change of the inbox (a member wrote, an answer, a claim) reloads the list, once.
  useEffect(() => {
    const realtime = connectRealtime({
      path: CONSOLE_SOCKET_PATH,
      onFrame: (frame) => {
        if (frame.type !== 'inbox.changed') return
        clearTimeout(refresh.current)
        refresh.current = setTimeout(() => void revalidate.current(), 250)
      },
      onReconnect: () => void revalidate.current(),
      // Logged out elsewhere, disabled, another role: the console's loader sends the page to login.
      onSessionEnded: () => void revalidate.current(),
    })
    return () => {
      clearTimeout(refresh.current)
      realtime.close()
    }
  }, [])

  const answer = answering.state === 'idle' ? answering.data : undefined
  const sentTo =
    answer?.ok && answer.intent === 'answer' && 'member' in answer.result ? answer.result.member : null
  const pageAnswer = actionData
  const failure =
    (answer?.ok === false ? answer.message : null) ?? (pageAnswer?.ok === false ? pageAnswer.message : null)
  const status = sentTo
    ? t('console.inbox.sent', { name: sentTo })
    : open
      ? t('console.inbox.as', { name: open.fictional.name })
      : ''
  const busy = useNavigation().state === 'submitting'
  const navigate = useNavigate()
  // Answered: the conversation closes (its claim runs out by itself, or with the next one taken).
  useEffect(() => {
    if (sentTo) navigate('/admin/inbox', { replace: true })
  }, [sentTo, navigate])

  useShortcuts(
    {
      n: () => submit({}, { method: 'post', action: CLAIM }),
      escape: () =>
        open &&
        submit(
          { conversation: open.conversation },
          { method: 'post', action: '/admin/inbox?intent=release' },
        ),
    },
    'console.inbox.keys',
  )

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
      <ActionFeedback status={status} error={failure} />
      <div className="row g-3">
        <div className="col-lg-4">
          <Form method="post" action={CLAIM}>
            <button
              type="submit"
              className="btn btn-primary btn-sm mb-2"
              disabled={busy || queue.waiting === 0}
            >
              <kbd className="me-1">N</kbd>
              {t('console.inbox.next')}
            </button>
          </Form>
          <h2 className="small fw-semibold mb-1" id="inbox-sites">
            {t('console.inbox.sites')}
          </h2>
          <ul className="list-unstyled small mb-2" aria-labelledby="inbox-sites">
            {queue.sites.map((s) => (
              <li key={s.site} className="d-flex gap-2">
                <span className="text-truncate">{s.site}</span>
                <span className="fw-semibold">{s.waiting}</span>
                <span className="text-body-secondary ms-auto text-nowrap">
                  {t('console.inbox.oldest', { time: consoleTime(s.oldest, 'short') })}
                </span>
              </li>
            ))}
          </ul>
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
                    <div className="small text-truncate">
                      {KIND_VIEWS[c.last_kind].preview(t, { text: c.last_text, seconds: c.last_seconds })}
                    </div>
                    {c.asked_real ? (
                      <span className="badge text-bg-danger" data-testid="asked-real">
                        {t('console.inbox.askedReal')}
                      </span>
                    ) : null}
                    <div className="small text-body-secondary">
                      {c.site} ·{' '}
                      {t('console.inbox.waitingSince', { time: consoleTime(c.waiting_since, 'short') })}
                      {c.claimed ? (
                        <span className="badge text-bg-warning ms-1">{t('console.inbox.claimed')}</span>
                      ) : null}
                      {c.claimed_by_me ? (
                        <span className="badge text-bg-info ms-1">{t('console.inbox.yours')}</span>
                      ) : null}
                    </div>
                  </div>
                  {c.claimed || c.conversation === open?.conversation ? null : (
                    <Form method="post" action={CLAIM}>
                      <button
                        type="submit"
                        name="conversation"
                        value={c.conversation}
                        className="btn btn-outline-primary btn-sm"
                        aria-label={`${t('console.inbox.take')}: ${c.member.name} → ${c.fictional.name}`}
                      >
                        {t('console.inbox.take')}
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="col-lg-8">
          {open ? (
            <InboxAnswer key={open.conversation} conversation={open} />
          ) : queue.conversations.length > 0 ? (
            <p className="text-body-secondary border rounded p-4 text-center d-none d-lg-block">
              {t('console.inbox.pick')}
            </p>
          ) : null}
        </div>
      </div>
    </>
  )
}
