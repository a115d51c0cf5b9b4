import type { QuotedMessage, ReportQueueItem } from '#common/schemas/moderation.ts'
import { MessageSaid } from '../../features/chat/message-kinds.tsx'
import { useTranslation } from '../../i18n.ts'
import { ConsoleTime } from './console-time.tsx'

/** A message line's start in a report: when it was sent and who said it, in the moderator's words. */
function SaidBy({ from, at }: { from: 'reporter' | 'reported'; at: string }) {
  const { t } = useTranslation()
  return (
    <span className="text-body-secondary">
      <ConsoleTime at={at} /> · {t('console.reports.said', { who: t(`console.reports.from_${from}`) })}
    </span>
  )
}

const lineClass = (from: 'reporter' | 'reported') => (from === 'reported' ? 'text-danger-emphasis' : '')

/** The last messages between the reporter and the member reported, as they stand now. */
export function ReportMessages({ messages }: { messages: ReportQueueItem['messages'] }) {
  const { t } = useTranslation()
  return (
    <>
      <h3 className="h6">{t('console.reports.messages')}</h3>
      {messages.length === 0 ? (
        <p className="small text-body-secondary">{t('console.reports.noMessages')}</p>
      ) : (
        <ol className="list-unstyled small mb-3" style={{ maxHeight: 240, overflowY: 'auto' }}>
          {messages.map((m) => (
            <li key={m.id} className={lineClass(m.from)}>
              <SaidBy from={m.from} at={m.sent_at} />{' '}
              {m.photo ? (
                <a href={m.photo.url} target="_blank" rel="noreferrer" className="d-inline-block align-top">
                  <img
                    src={m.photo.thumb_url}
                    alt={t('console.reports.chatPhoto')}
                    width={72}
                    height={72}
                    className="rounded object-fit-cover"
                    data-testid="report-chat-photo"
                  />
                </a>
              ) : null}{' '}
              {m.voice ? (
                // biome-ignore lint/a11y/useMediaCaption: a member's voice note, played to decide a report
                <audio
                  controls
                  preload="none"
                  src={m.voice.url}
                  aria-label={t('console.reports.voiceNote')}
                  className="align-middle"
                  data-testid="report-voice"
                />
              ) : null}{' '}
              {m.photo ? m.text : <MessageSaid kind={m.kind} text={m.text} />}
            </li>
          ))}
        </ol>
      )}
    </>
  )
}

/** The conversation as it stood when it was reported, kept with the report (issue 56). */
export function QuotedMessages({ quoted }: { quoted: QuotedMessage[] }) {
  const { t } = useTranslation()
  return (
    <>
      <p className="small text-body-secondary mb-1">{t('console.reports.context.quoted')}</p>
      <ol className="list-unstyled small border-start border-3 ps-2 mb-0">
        {quoted.map((m) => (
          <li key={m.id} className={lineClass(m.from)}>
            <SaidBy from={m.from} at={m.sent_at} /> <MessageSaid kind={m.kind} text={m.text} />
          </li>
        ))}
      </ol>
    </>
  )
}
