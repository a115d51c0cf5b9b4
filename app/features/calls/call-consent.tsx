import { useCallback, useEffect, useState } from 'react'
import { api } from '#common/api.ts'
import type { CallAvailability } from '#common/schemas/calls.ts'
import type { PublicProfile } from '#common/schemas/members.ts'
import { PhoneIcon, VideoIcon } from '../../components/icons.tsx'
import { useTranslation } from '../../i18n.ts'
import { ApiError, callApi } from '../../lib/api-client.ts'
import { useFrames } from '../../lib/member-connection.tsx'
import { useCreditsWorth } from '../credits/index.ts'
import { useCalls } from './call-provider.tsx'

/**
 * A conversation's calls (issue 59, point 1): the member allows calls with this person, which the
 * other sees nothing of until they allow them too; then the voice and video buttons, with what a
 * minute costs and its money. With a fictional profile, a line says why there is no call.
 */
export function CallConsent({ conversation, profile }: { conversation: number; profile: PublicProfile }) {
  const { t } = useTranslation()
  const calls = useCalls()
  const worth = useCreditsWorth()
  const [state, setState] = useState<CallAvailability | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const load = useCallback(() => {
    callApi(api.callConsent, { query: { conversation } })
      .then(setState)
      .catch(() => setState(null))
  }, [conversation])
  useEffect(load, [load])
  useFrames((frame) => {
    if (frame.type === 'call.consent' && frame.conversation === conversation) load()
  })

  if (!state) return null
  const name = profile.name
  if (state.unavailable) {
    return (
      <p
        className="call-consent small text-body-secondary px-3 py-1 mb-0 border-bottom bg-white"
        data-testid="call-unavailable"
      >
        {t(`calls.unavailable.${state.unavailable}`, { name })}
      </p>
    )
  }
  const choose = async (allowed: boolean) => {
    setBusy(true)
    setError(null)
    // The switch moves at once; the server's answer then says whether calls are open.
    const before = state
    setState({ ...state, allowed_by_me: allowed, available: allowed && state.available })
    try {
      setState(await callApi(api.setCallConsent, { body: { conversation, allowed } }))
    } catch (e) {
      setState(before)
      setError(e instanceof ApiError ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }
  const partner = {
    profileId: profile.id,
    name,
    photo: profile.main_image?.thumb_filename ?? null,
    verified: profile.verified,
  }
  const price = state.credits_per_minute
  return (
    <div className="call-consent px-3 py-2 border-bottom bg-white small" data-testid="call-consent">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <div className="form-check form-switch mb-0 me-auto">
          <input
            id={`calls-${conversation}`}
            className="form-check-input"
            type="checkbox"
            role="switch"
            aria-checked={state.allowed_by_me}
            checked={state.allowed_by_me}
            aria-busy={busy}
            aria-describedby={`calls-hint-${conversation}`}
            onChange={(e) => {
              if (!busy) void choose(e.currentTarget.checked)
            }}
          />
          <label className="form-check-label" htmlFor={`calls-${conversation}`}>
            {t('calls.allow', { name })}
          </label>
        </div>
        {state.available ? (
          <>
            <button
              type="button"
              className="btn btn-outline-primary btn-sm rounded-pill"
              onClick={() => calls.start(conversation, partner, false)}
            >
              <PhoneIcon /> {t('calls.voice')}
            </button>
            <button
              type="button"
              className="btn btn-primary btn-sm rounded-pill"
              onClick={() => calls.start(conversation, partner, true)}
            >
              <VideoIcon /> {t('calls.video')}
            </button>
          </>
        ) : null}
      </div>
      <p id={`calls-hint-${conversation}`} className="mb-0 text-body-secondary">
        {state.available
          ? price > 0
            ? t('calls.price', { count: price, money: worth(price) ?? '' })
            : t('calls.free')
          : t('calls.allowHint', { name })}
      </p>
      {error || calls.refusal ? (
        <p className="text-danger mb-0" role="alert">
          {error ?? calls.refusal}
        </p>
      ) : null}
    </div>
  )
}
