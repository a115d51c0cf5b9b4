import { type FormEvent, useEffect, useRef, useState } from 'react'
import { api } from '#common/api.ts'
import type { InboxConversation } from '#common/schemas/operators.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiErrorMessage } from '../../lib/form-errors.ts'

type Note = InboxConversation['notes'][number]

/** A claimed conversation: the member, the fictional profile, the messages, the notes, the answer. */
export function InboxAnswer({
  conversation,
  onNote,
  onSent,
  onRelease,
}: {
  conversation: InboxConversation
  onNote: (note: Note) => void
  onSent: (status: string) => void
  onRelease: () => void
}) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const clientId = useRef(crypto.randomUUID())
  const answerRef = useRef<HTMLTextAreaElement>(null)
  const list = useRef<HTMLOListElement>(null)
  const { member, fictional } = conversation

  useEffect(() => {
    answerRef.current?.focus()
    list.current?.scrollTo?.({ top: list.current.scrollHeight })
  }, [])

  async function send(event?: FormEvent) {
    event?.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await callApi(api.answerConversation, {
        body: { conversation: conversation.conversation, text, client_id: clientId.current },
        retries: 2,
      })
      onSent(t('console.inbox.sent', { name: member.name }))
    } catch (e) {
      setError(apiErrorMessage(e, t))
      setBusy(false)
    }
  }

  async function addNote(event: FormEvent) {
    event.preventDefault()
    try {
      const added = await callApi(api.addMemberNote, {
        body: { conversation: conversation.conversation, text: note },
        retries: 0,
      })
      onNote(added.note)
      setNote('')
    } catch (e) {
      setError(apiErrorMessage(e, t))
    }
  }

  return (
    <article className="card" aria-labelledby="inbox-open" data-testid="inbox-conversation">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
          <h2 className="h5 mb-0" id="inbox-open">
            {t('console.inbox.as', { name: fictional.name })}
          </h2>
          <span className="small text-body-secondary">
            {t('console.inbox.expires', { time: conversation.expires_at.slice(11, 16) })}
          </span>
        </div>
        <div className="row g-3">
          <section className="col-md-5" aria-label={t('console.inbox.member')}>
            <h3 className="h6">
              {member.name}, {member.age} · {member.city ?? ''} {member.country}
            </h3>
            <div className="d-flex flex-wrap gap-1 mb-2">
              {member.photos.map((url) => (
                <img key={url} src={url} alt="" width={64} height={64} className="rounded" />
              ))}
            </div>
            {member.about ? <p className="small fst-italic">{member.about}</p> : null}
            <h3 className="h6 mt-3">{t('console.inbox.notes')}</h3>
            {conversation.notes.length === 0 ? (
              <p className="small text-body-secondary">{t('console.inbox.noNotes')}</p>
            ) : (
              <ul className="small ps-3" data-testid="inbox-notes">
                {conversation.notes.map((n) => (
                  <li key={n.id}>
                    {n.text} <span className="text-body-secondary">— {n.by}</span>
                  </li>
                ))}
              </ul>
            )}
            <form className="d-flex gap-1" onSubmit={addNote}>
              <label className="visually-hidden" htmlFor="inbox-note">
                {t('console.inbox.note')}
              </label>
              <input
                id="inbox-note"
                className="form-control form-control-sm"
                placeholder={t('console.inbox.note')}
                value={note}
                minLength={2}
                maxLength={500}
                required
                onChange={(e) => setNote(e.target.value)}
              />
              <button type="submit" className="btn btn-outline-secondary btn-sm text-nowrap">
                {t('console.inbox.addNote')}
              </button>
            </form>
          </section>
          <section className="col-md-7">
            <p className="small text-body-secondary mb-1">
              {fictional.name}, {fictional.age} · {t('console.inbox.fictionalNote')}
            </p>
            <ol
              ref={list}
              className="list-unstyled border rounded p-2 mb-2 small"
              style={{ maxHeight: 320, overflowY: 'auto' }}
              data-testid="inbox-messages"
            >
              {conversation.messages.map((m) => (
                <li key={m.id} className={`mb-1 ${m.from === 'fictional' ? 'text-end' : ''}`}>
                  <span
                    className={`d-inline-block px-2 py-1 rounded ${m.from === 'fictional' ? 'bg-primary-subtle' : 'bg-body-secondary'}`}
                  >
                    {m.text}
                  </span>
                  <span className="d-block text-body-secondary" style={{ fontSize: 11 }}>
                    {m.at.replace('T', ' ').slice(5, 16)}
                  </span>
                </li>
              ))}
            </ol>
            <form onSubmit={send} aria-busy={busy}>
              <label className="form-label small" htmlFor="inbox-answer">
                {t('console.inbox.answer', { name: fictional.name })}
              </label>
              <textarea
                ref={answerRef}
                id="inbox-answer"
                className="form-control mb-2"
                rows={3}
                maxLength={2000}
                required
                value={text}
                onChange={(e) => setText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                    e.preventDefault()
                    void send()
                  }
                }}
              />
              {error ? (
                <div className="alert alert-danger py-2" role="alert">
                  {error}
                </div>
              ) : null}
              <div className="d-flex gap-2">
                <button type="submit" className="btn btn-primary btn-sm" disabled={busy || !text.trim()}>
                  {busy ? t('console.inbox.sending') : t('console.inbox.send')}
                </button>
                <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onRelease}>
                  {t('console.inbox.release')}
                </button>
              </div>
            </form>
          </section>
        </div>
      </div>
    </article>
  )
}
