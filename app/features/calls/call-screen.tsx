import { type RefObject, useEffect, useRef, useState } from 'react'
import { api } from '#common/api.ts'
import { CALL_WARNING_SECONDS } from '#common/calls.ts'
import { ProfileAvatar } from '../../components/profile-avatar.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { useCreditsWorth } from '../credits/index.ts'
import { VerifiedBadge } from '../members/index.ts'
import { type CallMeter, type CallView, callTime, secondsLeft } from './call-state.ts'
import { type CallPeer, openMedia } from './peer.ts'

interface Actions {
  answer: (withCamera: boolean) => void
  decline: () => void
  hangUp: () => void
  show: () => void
  close: () => void
}

/** A video element that plays a stream (muted when it is the member's own). */
function StreamVideo({
  stream,
  muted,
  className,
  label,
}: {
  stream: MediaStream | null
  muted?: boolean
  className: string
  label: string
}) {
  const ref = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream
  }, [stream])
  return (
    <video
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      className={className}
      aria-label={label}
      data-testid={muted ? 'call-local' : 'call-remote'}
    />
  )
}

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
export function CallScreen(props: {
  view: CallView
  meter: CallMeter | null
  local: MediaStream | null
  remote: MediaStream | null
  shownByOther: boolean
  peer: RefObject<CallPeer | null>
  actions: Actions
}) {
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
                <button
                  type="button"
                  className="btn btn-outline-light rounded-pill px-3"
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

/** The call itself: the other's video, the member's own, the meter and the controls. */
function InCall({
  view,
  meter,
  local,
  remote,
  shownByOther,
  peer,
  actions,
}: Parameters<typeof CallScreen>[0] & { view: Extract<CallView, { phase: 'connecting' | 'connected' }> }) {
  const { t } = useTranslation()
  const [muted, setMuted] = useState(false)
  const [cameraOff, setCameraOff] = useState(false)
  const [shown, setShown] = useState(view.role === 'caller')
  const [reported, setReported] = useState(false)
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([])
  const [now, setNow] = useState(() => Date.now())
  const worth = useCreditsWorth()
  const name = view.partner.name
  const hasVideo = (local?.getVideoTracks().length ?? 0) > 0

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  useEffect(() => {
    void navigator.mediaDevices
      ?.enumerateDevices?.()
      .then((all) => setCameras(all.filter((d) => d.kind === 'videoinput')))
  }, [])

  const toggle = (kind: 'audio' | 'video', off: boolean) => {
    for (const track of (kind === 'audio' ? local?.getAudioTracks() : local?.getVideoTracks()) ?? [])
      track.enabled = !off
  }
  const switchCamera = async () => {
    const current = local?.getVideoTracks()[0]
    const index = cameras.findIndex((c) => c.deviceId === current?.getSettings().deviceId)
    const next = cameras[(index + 1) % cameras.length]
    if (!next || !local || !current) return
    const stream = await openMedia(true, next.deviceId).catch(() => null)
    const track = stream?.getVideoTracks()[0]
    if (!track) return
    await peer.current?.replaceVideo(track)
    local.removeTrack(current)
    current.stop()
    local.addTrack(track)
  }
  const report = () => {
    void callApi(api.reportCall, { body: { call: view.call } }).catch(() => {})
    setReported(true)
  }
  const left = secondsLeft(meter, now)
  const credits = meter ? meter.minutes * meter.creditsPerMinute : 0
  const money = worth(credits)
  return (
    <>
      <div className="call-stage flex-grow-1 position-relative overflow-hidden">
        <StreamVideo
          stream={remote}
          className={`call-remote w-100 h-100 ${shown ? '' : 'call-blurred'}`}
          label={shown ? name : t('calls.blurred', { name })}
        />
        {!shown ? (
          <button
            type="button"
            className="btn btn-light rounded-pill position-absolute top-50 start-50 translate-middle"
            onClick={() => {
              setShown(true)
              actions.show()
            }}
          >
            {t('calls.showVideo')}
          </button>
        ) : null}
        {hasVideo ? (
          <StreamVideo stream={local} muted className="call-local position-absolute" label={t('calls.you')} />
        ) : null}
        <div className="position-absolute top-0 start-0 w-100 p-2 call-top">
          <p className="mb-0 fw-semibold">
            {t('calls.inCallWith', { name })} {view.partner.verified ? <VerifiedBadge /> : null}
          </p>
          <p className="mb-0 small" data-testid="call-meter">
            {view.phase === 'connecting'
              ? t('calls.connecting')
              : // Only the caller pays: the callee's meter is the call's time.
                view.role === 'caller' && meter && meter.creditsPerMinute > 0
                ? t('calls.meter', { time: callTime(now - meter.since), count: credits, money: money ?? '' })
                : t('calls.meterFree', { time: callTime(meter ? now - meter.since : 0) })}
          </p>
          {view.role === 'caller' && hasVideo && !shownByOther ? (
            <p className="mb-0 small text-white-50">{t('calls.yourBlur', { name })}</p>
          ) : null}
          {left !== null && left <= CALL_WARNING_SECONDS ? (
            <p
              className="mb-0 small alert alert-warning py-1 px-2 mt-1"
              role="alert"
              data-testid="call-low-credits"
            >
              {t('calls.lowCredits', { seconds: left })}
            </p>
          ) : null}
          {reported ? (
            <p className="mb-0 small" role="status">
              {t('calls.reported')}
            </p>
          ) : null}
        </div>
      </div>
      <div className="call-controls d-flex flex-wrap justify-content-center gap-2 p-3">
        <button
          type="button"
          className="btn btn-outline-light rounded-pill"
          aria-pressed={muted}
          onClick={() => {
            toggle('audio', !muted)
            setMuted(!muted)
          }}
        >
          {muted ? t('calls.unmute') : t('calls.mute')}
        </button>
        {hasVideo ? (
          <button
            type="button"
            className="btn btn-outline-light rounded-pill"
            aria-pressed={cameraOff}
            onClick={() => {
              toggle('video', !cameraOff)
              setCameraOff(!cameraOff)
            }}
          >
            {cameraOff ? t('calls.cameraOn') : t('calls.cameraOff')}
          </button>
        ) : null}
        {hasVideo && cameras.length > 1 ? (
          <button
            type="button"
            className="btn btn-outline-light rounded-pill"
            onClick={() => void switchCamera()}
          >
            {t('calls.switchCamera')}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-outline-light rounded-pill"
          onClick={report}
          disabled={reported}
        >
          {t('calls.report')}
        </button>
        <button type="button" className="btn btn-danger rounded-pill px-4" onClick={actions.hangUp}>
          {t('calls.hangUp')}
        </button>
      </div>
    </>
  )
}
