import { useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import { api } from '#common/api.ts'
import type { YourTurnResponse } from '#common/schemas/your-turn.ts'
import { waitedFor } from '#common/your-turn.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiErrorMessage } from '../../lib/form-errors.ts'
import { useMember } from '../../lib/member.tsx'
import { GoodbyeField, sendGoodbye } from './kind-close.tsx'

/**
 * Before a member likes someone new (issue 61, point 4): when more than TURN_BANNER_OVER
 * conversations have waited over a day for their answer (the server counts, by the app's clock), a
 * kind banner lists the longest waits, each with a reply and a one-tap goodbye (editable above the
 * list) that ends it for both. "Later" puts it away for this page.
 */
export function YourTurnBanner() {
  const { t } = useTranslation()
  const { user } = useMember()
  const id = useId()
  const [turns, setTurns] = useState<YourTurnResponse | null>(null)
  const [later, setLater] = useState(false)
  const [goodbye, setGoodbye] = useState<string | null>(null)
  const [closed, setClosed] = useState<Record<number, string>>({})
  const [busy, setBusy] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const signedIn = user !== null
  useEffect(() => {
    if (!signedIn) return
    callApi(api.yourTurn)
      .then(setTurns)
      .catch(() => setTurns(null))
  }, [signedIn])
  if (!turns?.banner || later) return null
  const text = goodbye ?? t('yourTurn.goodbye')
  const left = turns.waiting - Object.keys(closed).length
  const close = async (conversation: number, name: string) => {
    setBusy(conversation)
    setError(null)
    try {
      await sendGoodbye(conversation, text)
      setClosed((all) => ({ ...all, [conversation]: name }))
    } catch (e) {
      setError(apiErrorMessage(e, t))
    } finally {
      setBusy(null)
    }
  }
  const more = turns.waiting - turns.conversations.length
  return (
    <section
      className="alert alert-light border shadow-sm your-turn-banner"
      aria-labelledby={`${id}-title`}
      data-testid="your-turn-banner"
    >
      <h2 id={`${id}-title`} className="h6 mb-1">
        {t('yourTurn.banner.title', { count: left })}
      </h2>
      <p className="small mb-2">{t('yourTurn.banner.intro')}</p>
      <details className="mb-2">
        <summary className="small mb-2">{t('yourTurn.editGoodbye')}</summary>
        <GoodbyeField value={text} onChange={setGoodbye} />
      </details>
      <ul className="list-unstyled mb-2 d-grid gap-2">
        {turns.conversations.map((c) => {
          const waited = waitedFor(c.since, new Date())
          return (
            <li key={c.conversation} className="d-flex flex-wrap align-items-center gap-2">
              {closed[c.conversation] ? (
                <span className="small text-success-emphasis" role="status">
                  {t('yourTurn.banner.closed', { name: c.profile.name })}
                </span>
              ) : (
                <>
                  <span className="fw-semibold flex-grow-1">
                    {c.profile.name}{' '}
                    <span className="small fw-normal text-body-secondary">
                      {t(`yourTurn.waited_${waited.unit}`, { count: waited.count })}
                    </span>
                  </span>
                  <span className="d-flex flex-wrap gap-2">
                    <Link
                      to={`/chats/${c.conversation}`}
                      className="btn btn-primary btn-sm text-nowrap"
                      aria-label={t('yourTurn.banner.replyTo', { name: c.profile.name })}
                    >
                      {t('yourTurn.banner.reply')}
                    </Link>
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm text-nowrap"
                      disabled={busy !== null || !text.trim()}
                      onClick={() => void close(c.conversation, c.profile.name)}
                      aria-label={t('yourTurn.banner.closeTo', { name: c.profile.name })}
                    >
                      {t('yourTurn.banner.close')}
                    </button>
                  </span>
                </>
              )}
            </li>
          )
        })}
      </ul>
      {error ? (
        <p className="small text-danger" role="alert">
          {error}
        </p>
      ) : null}
      <div className="d-flex flex-wrap align-items-center gap-2 small">
        {more > 0 ? <span>{t('yourTurn.banner.more', { count: more })}</span> : null}
        <Link to="/chats">{t('yourTurn.banner.toMessages')}</Link>
        <button type="button" className="btn btn-link btn-sm ms-auto" onClick={() => setLater(true)}>
          {t('yourTurn.banner.later')}
        </button>
      </div>
    </section>
  )
}
