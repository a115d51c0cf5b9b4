import { type FormEvent, useId, useState } from 'react'
import { api } from '#common/api.ts'
import type { SendMessageResponse } from '#common/schemas/chat.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiErrorMessage } from '../../lib/form-errors.ts'

// The polite close (issue 61, point 4): a goodbye in the member's language, editable, that ends a
// conversation for both without a report; and what a closed conversation shows in its composer's place.

/** The goodbye's words, prefilled in the member's language and theirs to change. */
export function GoodbyeField(props: { value: string; onChange: (text: string) => void; disabled?: boolean }) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className="mb-2">
      <label className="form-label small" htmlFor={id}>
        {t('yourTurn.goodbyeLabel')}
      </label>
      <textarea
        id={id}
        className="form-control form-control-sm"
        rows={3}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        disabled={props.disabled}
      />
    </div>
  )
}

/** Sends a goodbye and ends the conversation. */
export const sendGoodbye = (conversation: number, text: string) =>
  callApi(api.closeChat, { body: { conversation, text, client_id: crypto.randomUUID() } })

/** In place of the composer once a member has ended the conversation. */
export function ClosedNote({ by, name }: { by: 'by_me' | 'by_partner'; name: string }) {
  const { t } = useTranslation()
  return (
    <p
      className="p-3 mb-0 border-top bg-white text-body-secondary"
      role="status"
      data-testid="conversation-closed"
    >
      {by === 'by_me' ? t('yourTurn.closedByMe') : t('yourTurn.closedByPartner', { name })}
    </p>
  )
}

/** "End kindly", above the composer when it is the member's turn: the goodbye, editable, then sent. */
export function KindClose(props: {
  conversation: number
  name: string
  onClosed: (sent: SendMessageResponse) => void
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (!open)
    return (
      <div className="border-top bg-white px-3 py-1 text-end">
        <button
          type="button"
          className="btn btn-link btn-sm text-body-secondary p-0"
          onClick={() => {
            setText(t('yourTurn.goodbye'))
            setOpen(true)
          }}
        >
          {t('yourTurn.endKindly')}
        </button>
      </div>
    )
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      props.onClosed(await sendGoodbye(props.conversation, text))
    } catch (e) {
      setError(apiErrorMessage(e, t))
      setBusy(false)
    }
  }
  return (
    <form className="border-top bg-white p-3" onSubmit={(e) => void submit(e)} data-testid="kind-close">
      <p className="small text-body-secondary mb-2">{t('yourTurn.endIntro', { name: props.name })}</p>
      <GoodbyeField value={text} onChange={setText} disabled={busy} />
      {error ? (
        <p className="small text-danger" role="alert">
          {error}
        </p>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy || !text.trim()}>
          {t('yourTurn.sendAndEnd')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          onClick={() => setOpen(false)}
          disabled={busy}
        >
          {t('yourTurn.cancel')}
        </button>
      </div>
    </form>
  )
}

/** In a closing message's bubble, above its words. */
export function ClosingLabel() {
  const { t } = useTranslation()
  return (
    <span className="d-block small move-quote-label" data-testid="closing-label">
      {t('yourTurn.closingNote')}
    </span>
  )
}
