import { useEffect, useRef, useState } from 'react'
import { api } from '#common/api.ts'
import { ProfileAvatar } from '../../components/profile-avatar.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { VerifiedBadge } from '../members/index.ts'
import { type Actions, type CallParts, InCall } from './call-in-progress.tsx'
import type { CallView } from './call-state.ts'

/**
 * Moves the focus into the call's screen when it opens and when its phase changes; the page under it
 * is inert meanwhile (neither focus nor a screen reader reaches it).
 */
function useFocusFirst(phase: string) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const under = [...(box.current?.parentElement?.children ?? [])].filter(
      (el): el is HTMLElement => el !== box.current && el instanceof HTMLElement && !el.inert,
    )
    for (const el of under) el.inert = true
    return () => {
      for (const el of under) el.inert = false
    }
  }, [])
  useEffect(() => {
    // The screen shows this phase now: its first button takes the focus.
    if (box.current?.dataset.phase === phase) box.current.querySelector<HTMLElement>('button')?.focus()
  }, [phase])
  return box
}

/**
 * A call's screen over every page (issue 59, point 3): the ring either way, then the other's video
 * (the caller's reaches the callee blurred until they choose to see it), the controls, the meter of
 * what the call costs with its money, and after it a two-tap "how was it?".
 */
export function CallScreen(props: CallParts) {
  const { view, actions } = props
  const { t } = useTranslation()
  const box = useFocusFirst(view.phase)
  const name = view.partner.name
  const title =
    view.phase === 'incoming'
      ? t(view.video ? 'calls.incomingVideo' : 'calls.incomingVoice', { name })
      : view.phase === 'ended'
        ? t('calls.ended')
        : view.phase === 'connecting' || view.phase === 'connected'
          ? t('calls.inCallWith', { name })
          : t('calls.calling', { name })
  return (
    <div
      ref={box}
      className="call-screen position-fixed top-0 start-0 w-100 h-100 d-flex flex-column text-white"
      role="dialog"
      aria-modal="true"
      aria-label={title}
      data-testid="call-screen"
      data-phase={view.phase}
    >
      {view.phase === 'connecting' || view.phase === 'connected' ? (
        <InCall {...props} view={view} />
      ) : (
        <div className="m-auto text-center p-3" style={{ maxWidth: 420 }}>
          <ProfileAvatar
            name={name}
            image={view.partner.photo}
            size={112}
            className="mb-3 call-avatar"
            emptyClassName="call-avatar"
          />
          <h2 className="h4" aria-live="assertive">
            {view.phase === 'incoming'
              ? t('calls.incoming', { name })
              : view.phase === 'ended'
                ? name
                : title}{' '}
            {view.partner.verified ? <VerifiedBadge /> : null}
          </h2>
          {view.phase === 'incoming' ? (
            <p className="text-white-50">{t(view.video ? 'calls.video' : 'calls.voice')}</p>
          ) : null}
          {view.phase === 'ended' ? <Ended view={view} actions={actions} /> : null}
          <div className="d-flex flex-wrap gap-2 justify-content-center mt-3">
            {view.phase === 'incoming' ? (
              <>
                {view.video ? (
                  <button
                    type="button"
                    className="btn btn-success rounded-pill px-3"
                    onClick={() => actions.answer(true)}
                  >
                    {t('calls.acceptVideo')}
                  </button>
                ) : null}
                {/* A voice call's one way to answer is the green one, as on every phone. */}
                <button
                  type="button"
                  className={`btn ${view.video ? 'btn-outline-light' : 'btn-success'} rounded-pill px-3`}
                  onClick={() => actions.answer(false)}
                >
                  {t('calls.acceptVoice')}
                </button>
                <button type="button" className="btn btn-danger rounded-pill px-3" onClick={actions.decline}>
                  {t('calls.decline')}
                </button>
              </>
            ) : view.phase === 'starting' || view.phase === 'outgoing' ? (
              <button type="button" className="btn btn-danger rounded-pill px-4" onClick={actions.hangUp}>
                {t('calls.cancel')}
              </button>
            ) : null}
          </div>
        </div>
      )}
    </div>
  )
}

/** How the call ended, and after an answered one the two taps of "how was it?". */
function Ended({ view, actions }: { view: Extract<CallView, { phase: 'ended' }>; actions: Actions }) {
  const { t } = useTranslation()
  const [rated, setRated] = useState<'fine' | 'reported' | null>(null)
  const reason =
    view.reason === 'no_answer'
      ? t('calls.noAnswer')
      : view.reason === 'credits'
        ? t('calls.endedCredits')
        : view.reason === 'no_media'
          ? t('calls.noMedia')
          : view.reason === 'failed'
            ? t('calls.failed')
            : t('calls.ended')
  const report = () => {
    if (view.call !== null) void callApi(api.reportCall, { body: { call: view.call } }).catch(() => {})
    setRated('reported')
  }
  return (
    <>
      <p role="status" data-testid="call-ended">
        {reason}
      </p>
      {view.answered && rated === null ? (
        <fieldset className="mt-3">
          <legend className="h6">{t('calls.howWasIt', { name: view.partner.name })}</legend>
          <div className="d-flex gap-2 justify-content-center">
            <button
              type="button"
              className="btn btn-light rounded-pill px-3"
              onClick={() => setRated('fine')}
            >
              {t('calls.fine')}
            </button>
            <button type="button" className="btn btn-outline-light rounded-pill px-3" onClick={report}>
              {t('calls.report')}
            </button>
          </div>
        </fieldset>
      ) : (
        <>
          {rated ? (
            <p role="status">{rated === 'reported' ? t('calls.reported') : t('calls.thanks')}</p>
          ) : null}
          <button type="button" className="btn btn-light rounded-pill px-4 mt-2" onClick={actions.close}>
            {t('calls.close')}
          </button>
        </>
      )}
    </>
  )
}
