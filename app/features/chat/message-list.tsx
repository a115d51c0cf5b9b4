import type { ChatTimeLabels } from '#common/chat-times.ts'
import type { Message } from '#common/schemas/chat.ts'
import { useTranslation } from '../../i18n.ts'
import { KIND_VIEWS } from './message-kinds.tsx'
import { SafetyNotes } from './received-safety.tsx'
import { useChatTime } from './use-chat-time.ts'

/** A message on screen: sent, or still on its way (pending), or failed (with a retry). */
export interface ShownMessage extends Message {
  state: 'sent' | 'pending' | 'failed'
}

/** The messages of a conversation, oldest first; mine on the right with a read receipt on the last. */
export function MessageList({
  messages,
  myProfileId,
  partnerName,
  partnerLastRead,
  onRetry,
  times,
  showExplicit,
  onShowExplicit,
}: {
  messages: ShownMessage[]
  myProfileId: number
  partnerName: string
  partnerLastRead: number
  onRetry: (message: ShownMessage) => void
  /** The labels of the first messages, made with the page (use-chat-time.ts). */
  times?: ChatTimeLabels | null
  /** The member sees this conversation's explicit photos unblurred (their choice, issue 38). */
  showExplicit: boolean
  onShowExplicit: (show: boolean) => void
}) {
  const { t } = useTranslation()
  const chatTime = useChatTime(times)
  const lastMine = [...messages].reverse().find((m) => m.profile === myProfileId)
  let previousDay = ''
  return (
    <ol className="list-unstyled message-list mb-0">
      {messages.map((m) => {
        const mine = m.profile === myProfileId
        const { Bubble, bubbleClass } = KIND_VIEWS[m.kind]
        const dayLabel = chatTime('day', m.created_at)
        const showDay = dayLabel !== previousDay
        previousDay = dayLabel
        return (
          <li key={m.client_id || m.id}>
            {showDay ? <p className="text-center small text-body-secondary my-2">{dayLabel}</p> : null}
            <div className={`d-flex ${mine ? 'justify-content-end' : 'justify-content-start'}`}>
              <div className={`message-bubble ${mine ? 'message-mine' : 'message-theirs'} ${bubbleClass}`}>
                <span className="visually-hidden">
                  {t('chat.saidBy', { name: mine ? t('chat.you') : partnerName })}
                </span>
                {Bubble ? (
                  <Bubble
                    message={m}
                    mine={mine}
                    showExplicit={showExplicit}
                    onShowExplicit={onShowExplicit}
                  />
                ) : null}
                {m.text ? <span className="message-text">{m.text}</span> : null}
                <span className="message-meta">
                  <time dateTime={m.created_at}>{chatTime('time', m.created_at)}</time>
                  {mine && (m === lastMine || m.state !== 'sent') ? (
                    m.state === 'pending' ? (
                      <span> · {t('chat.sending')}</span>
                    ) : m.state === 'failed' ? (
                      <>
                        {' · '}
                        <span className="text-danger">{t('chat.notSent')}</span>{' '}
                        <button
                          type="button"
                          className="btn btn-link btn-sm p-0 align-baseline"
                          onClick={() => onRetry(m)}
                        >
                          {t('chat.retry')}
                        </button>
                      </>
                    ) : (
                      <span data-testid="read-receipt">
                        {' '}
                        · {partnerLastRead >= m.id ? t('chat.seen') : t('chat.sent')}
                      </span>
                    )
                  ) : null}
                </span>
              </div>
            </div>
            {mine ? null : <SafetyNotes message={m} partnerName={partnerName} />}
          </li>
        )
      })}
    </ol>
  )
}
