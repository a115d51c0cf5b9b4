import { type RefObject, useEffect, useRef, useState } from 'react'
import { api } from '#common/api.ts'
import { CALL_WARNING_SECONDS } from '#common/calls.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { useCreditsWorth } from '../credits/index.ts'
import { VerifiedBadge } from '../members/index.ts'
import { type CallMeter, type CallView, callTime, secondsLeft } from './call-state.ts'
import { type CallPeer, openMedia } from './peer.ts'

/** What the call's screen can do, from the call's provider. */
export interface Actions {
  answer: (withCamera: boolean) => void
  decline: () => void
  hangUp: () => void
  show: () => void
  close: () => void
}

/** What the call's screen draws a call from. */
export interface CallParts {
  view: CallView
  meter: CallMeter | null
  local: MediaStream | null
  remote: MediaStream | null
  shownByOther: boolean
  peer: RefObject<CallPeer | null>
  actions: Actions
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

/** The call itself: the other's video, the member's own, the meter and the controls. */
export function InCall({
  view,
  meter,
  local,
  remote,
  shownByOther,
  peer,
  actions,
}: CallParts & { view: Extract<CallView, { phase: 'connecting' | 'connected' }> }) {
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
