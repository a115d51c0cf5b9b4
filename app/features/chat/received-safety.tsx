import { useId, useState } from 'react'
import { api } from '#common/api.ts'
import { SCAM_FLAGS } from '#common/safety.ts'
import type { Message } from '#common/schemas/chat.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'

/** A chat photo's thumbnail, opening the photo itself. */
export function ChatPhoto({ photo }: { photo: NonNullable<Message['photo']> }) {
  const { t } = useTranslation()
  return (
    <a href={photo.filename} target="_blank" rel="noreferrer" className="d-block">
      <img
        src={photo.thumb_filename}
        alt={t('chat.photoAlt')}
        width={200}
        height={200}
        className="rounded message-photo"
      />
    </a>
  )
}

/** One tap reports a received message, quoted into the report (issue 38). */
function ReportMessageButton({ messageId, className }: { messageId: number; className?: string }) {
  const { t } = useTranslation()
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'failed'>('idle')
  if (state === 'done')
    return (
      <span role="status" className={className}>
        {t('chat.safety.reported')}
      </span>
    )
  return (
    <>
      <button
        type="button"
        className={`btn btn-link btn-sm p-0 align-baseline ${className ?? ''}`}
        disabled={state === 'sending'}
        onClick={async () => {
          setState('sending')
          try {
            await callApi(api.reportMessage, { body: { message: messageId } })
            setState('done')
          } catch {
            setState('failed')
          }
        }}
      >
        {t('chat.safety.report')}
      </button>
      {state === 'failed' ? (
        <span role="alert" className="text-danger d-block">
          {t('chat.safety.reportFailed')}
        </span>
      ) : null}
    </>
  )
}

/**
 * A received photo the model found explicit: blurred, with "show it / report it" and the choice to
 * see this conversation's photos unblurred from now on (remembered on the server).
 */
export function ExplicitPhoto({
  message,
  alwaysShown,
  onAlwaysShow,
}: {
  message: Message & { photo: NonNullable<Message['photo']> }
  alwaysShown: boolean
  onAlwaysShow: (show: boolean) => void
}) {
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  const always = useId()
  if (alwaysShown || shown)
    return (
      <span className="d-block">
        <ChatPhoto photo={message.photo} />
        {alwaysShown ? null : (
          <button
            type="button"
            className="btn btn-link btn-sm p-0"
            onClick={() => setShown(false)}
            data-testid="explicit-hide"
          >
            {t('chat.safety.hide')}
          </button>
        )}
      </span>
    )
  return (
    <span className="explicit-photo" data-testid="explicit-photo">
      <img src={message.photo.thumb_filename} alt="" width={200} height={200} className="message-photo" />
      <span className="explicit-cover small">
        <span className="fw-semibold">{t('chat.safety.explicitNotice')}</span>
        <button type="button" className="btn btn-light btn-sm" onClick={() => setShown(true)}>
          {t('chat.safety.show')}
        </button>
        <ReportMessageButton messageId={message.id} className="text-white" />
        <span className="form-check text-start">
          <input
            id={always}
            type="checkbox"
            className="form-check-input"
            onChange={(e) => onAlwaysShow(e.target.checked)}
          />
          <label htmlFor={always} className="form-check-label">
            {t('chat.safety.alwaysShow')}
          </label>
        </span>
      </span>
    </span>
  )
}

/**
 * Beside a received message: "Does this bother you?" after an insult sent anyway, and a safety tip
 * beside a first message's contact details, money request or pasted introduction; each with a report.
 */
export function SafetyNotes({ message, partnerName }: { message: Message; partnerName: string }) {
  const { t } = useTranslation()
  const tips = SCAM_FLAGS.filter((f) => message.flags.includes(f))
  const unkind = message.flags.includes('unkind')
  if (!unkind && tips.length === 0) return null
  return (
    <div
      className="safety-note alert alert-warning small py-2 px-3 mb-2"
      role="note"
      data-testid="safety-note"
    >
      {tips.map((tip) => (
        <p key={tip} className="mb-1">
          {t(`chat.safety.tip${tip[0].toUpperCase()}${tip.slice(1)}`, { name: partnerName })}
        </p>
      ))}
      {unkind ? <span className="me-1">{t('chat.safety.bother')}</span> : null}
      <ReportMessageButton messageId={message.id} />
    </div>
  )
}
