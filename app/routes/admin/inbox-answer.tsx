import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import type { InboxConversation } from '#common/schemas/operators.ts'
import { MessageSaid } from '../../features/chat/message-kinds.tsx'
import { clockTime } from '../../features/chat/voice-note.tsx'
import { useTranslation } from '../../i18n.ts'
import type { FormResult } from '../../lib/page-form.ts'
import { ConsoleTime } from './console-time.tsx'

/**
 * A claimed conversation: the member, the fictional profile, the messages, the notes, the answer.
 * The answer and a note post to the inbox's action through fetchers; giving it back is a post
 * that leads back to the inbox.
 */
export function InboxAnswer({ conversation }: { conversation: InboxConversation }) {
  const { t } = useTranslation()
  const answering = useFetcher<FormResult>({ key: 'inbox-answer' })
  const noting = useFetcher<FormResult>({ key: 'inbox-note' })
  const busy = answering.state !== 'idle'
  const clientId = useRef(crypto.randomUUID())
  const answerRef = useRef<HTMLTextAreaElement>(null)
  const answerForm = useRef<HTMLFormElement>(null)
  const noteForm = useRef<HTMLFormElement>(null)
  const list = useRef<HTMLOListElement>(null)
  const { member, fictional } = conversation
  const to = (intent: string) => `/admin/inbox?conversation=${conversation.conversation}&intent=${intent}`
  const answered = answering.state === 'idle' ? answering.data : undefined
  const noted = noting.state === 'idle' ? noting.data : undefined
  const error =
    (answered?.ok === false ? answered.message : null) ?? (noted?.ok === false ? noted.message : null)

  useEffect(() => {
    answerRef.current?.focus()
    list.current?.scrollTo?.({ top: list.current.scrollHeight })
  }, [])
  // A note added: its field is empty for the next one (the list comes with the page's data).
  useEffect(() => {
    if (noted?.ok) noteForm.current?.reset()
  }, [noted])

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
            <noting.Form ref={noteForm} method="post" action={to('note')} className="d-flex gap-1">
              <input type="hidden" name="conversation" value={conversation.conversation} />
              <label className="visually-hidden" htmlFor="inbox-note">
                {t('console.inbox.note')}
              </label>
              <input
                id="inbox-note"
                name="text"
                className="form-control form-control-sm"
                placeholder={t('console.inbox.note')}
                minLength={2}
                maxLength={500}
                required
              />
              <button
                type="submit"
                className="btn btn-outline-secondary btn-sm text-nowrap"
                disabled={noting.state !== 'idle'}
              >
                {t('console.inbox.addNote')}
              </button>
            </noting.Form>
          </section>
          <section className="col-md-7">
            {/* Who the operator answers as: the about text, the profile in a new tab (the answer stays). */}
            <div className="d-flex gap-2 align-items-start small mb-2" data-testid="inbox-persona">
              {fictional.thumb_url ? (
                <img src={fictional.thumb_url} alt="" width={40} height={40} className="rounded" />
              ) : null}
              <div>
                <a
                  href={`/admin/fictional/${fictional.profile_id}`}
                  target="_blank"
                  rel="noopener"
                  aria-label={t('console.inbox.persona', { name: fictional.name })}
                >
                  {fictional.name}, {fictional.age}
                </a>{' '}
                <span className="text-body-secondary">· {t('console.inbox.fictionalNote')}</span>
                {fictional.about ? <p className="fst-italic mb-0">{fictional.about}</p> : null}
              </div>
            </div>
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
                    <MessageSaid kind={m.kind} text={m.text} />
                    {m.voice ? (
                      // biome-ignore lint/a11y/useMediaCaption: a member's voice note, played to answer it
                      <audio
                        controls
                        preload="none"
                        src={m.voice.url}
                        aria-label={t('console.inbox.voiceNote', {
                          name: member.name,
                          time: clockTime(m.voice.seconds),
                        })}
                        className="d-block mt-1"
                        style={{ maxWidth: 260, height: 36 }}
                        data-testid="inbox-voice"
                      />
                    ) : null}
                  </span>
                  <span className="d-block text-body-secondary" style={{ fontSize: 11 }}>
                    <ConsoleTime at={m.at} length="short" />
                  </span>
                </li>
              ))}
            </ol>
            <answering.Form ref={answerForm} method="post" action={to('answer')} aria-busy={busy}>
              <input type="hidden" name="conversation" value={conversation.conversation} />
              <input type="hidden" name="client_id" value={clientId.current} />
              <input type="hidden" name="member" value={member.name} />
              {conversation.disclosure ? (
                <div className="alert alert-danger small" role="note" data-testid="answer-disclosure">
                  <p className="fw-semibold mb-1">{t('console.inbox.askedRealTitle')}</p>
                  <p className="mb-1">{t('console.inbox.askedRealText')}</p>
                  <p className="mb-0 fst-italic">{conversation.disclosure}</p>
                </div>
              ) : null}
              <label className="form-label small" htmlFor="inbox-answer">
                {t('console.inbox.answer', { name: fictional.name })}
              </label>
              <textarea
                ref={answerRef}
                id="inbox-answer"
                name="text"
                className="form-control mb-2"
                rows={3}
                maxLength={2000}
                required
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                    e.preventDefault()
                    answerForm.current?.requestSubmit()
                  }
                }}
              />
              {error ? (
                <div className="alert alert-danger py-2" role="alert">
                  {error}
                </div>
              ) : null}
              <div className="d-flex gap-2">
                <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                  {busy ? t('console.inbox.sending') : t('console.inbox.send')}
                </button>
                <button
                  type="submit"
                  formAction={to('release')}
                  formNoValidate
                  className="btn btn-outline-secondary btn-sm"
                >
                  {t('console.inbox.release')}
                </button>
              </div>
            </answering.Form>
          </section>
        </div>
      </div>
    </article>
  )
}
