import { type PointerEvent, useRef, useState } from 'react'
import { api } from '#common/api.ts'
import { kindCredits } from '#common/message-kinds.ts'
import type { Message } from '#common/schemas/message.ts'
import { MicrophoneIcon } from '../../components/icons.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { useCreditPrice } from '../credits/index.ts'
import { useVoiceRecording } from './use-voice-recording.ts'

// Voice notes in a conversation (issue 58): the composer's microphone, and the player in a bubble.

/** A length in seconds as m:ss. */
export function clockTime(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/** The last seconds of a recording count down. */
const COUNTDOWN_SECONDS = 5
/** How far a finger slides off the button to cancel a recording held on a phone. */
const CANCEL_DISTANCE = 60

/**
 * The composer's microphone: on a desktop, click to start and click Stop; on a phone, hold to
 * record, let go to hear it back, slide away to cancel. While it records: its time (the last
 * seconds counting down) and a level meter; then a player, its price, Send and Discard.
 */
export function VoiceRecorder(props: {
  disabled: boolean
  onSend: (file: File) => void
  /** Where it records something else than a chat's voice note (a profile's voice prompt): its own
   * longest length, its buttons' words, and no price. */
  other?: { max: number; record: string; send: string }
}) {
  const { t } = useTranslation()
  const { settings } = useRootData()
  const price = useCreditPrice()
  const { other } = props
  const max = other?.max ?? settings.voice_max_seconds
  const { recording, problem, start, stop, discard, clearProblem } = useVoiceRecording(max)
  const held = useRef<{ x: number; y: number } | null>(null)
  /** A finger holds the button (a phone): letting go stops, sliding away cancels. */
  const [holding, setHolding] = useState(false)
  const [sliding, setSliding] = useState(false)

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.pointerType !== 'touch') return
    event.preventDefault()
    try {
      event.currentTarget.setPointerCapture(event.pointerId)
    } catch {
      // A pointer the browser no longer tracks: the button's own events still arrive.
    }
    held.current = { x: event.clientX, y: event.clientY }
    setHolding(true)
    setSliding(false)
    void start()
  }
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (!held.current) return
    const away = Math.hypot(event.clientX - held.current.x, event.clientY - held.current.y)
    setSliding(away > CANCEL_DISTANCE)
  }
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    if (!held.current) return
    const away = Math.hypot(event.clientX - held.current.x, event.clientY - held.current.y)
    held.current = null
    setHolding(false)
    if (away > CANCEL_DISTANCE) discard()
    else stop()
  }

  const micButton = (
    <button
      type="button"
      className={`btn btn-outline-secondary voice-record${holding ? ' holding' : ''}${other ? ' voice-record-labelled' : ''}`}
      aria-label={other ? undefined : t('chat.voice.record')}
      title={other ? undefined : t('chat.voice.record')}
      disabled={props.disabled || recording.step === 'asking'}
      onClick={() => {
        if (!held.current && recording.step === 'idle') void start()
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        held.current = null
        setHolding(false)
        discard()
      }}
      onContextMenu={(e) => e.preventDefault()}
    >
      <MicrophoneIcon />
      {other ? <span className="ms-2">{other.record}</span> : null}
    </button>
  )

  if (recording.step === 'recording') {
    const left = max - recording.seconds
    // Held on a phone, the button stays under the finger (over the panel); clicked, Stop ends it.
    return (
      <>
        <div
          className={`voice-panel d-flex align-items-center gap-2${holding ? ' holding' : ''}`}
          data-testid="voice-recording"
        >
          <span className="voice-dot" aria-hidden="true" />
          {/* The sentence for screen readers and wide screens; on a phone, the time alone. */}
          <span role="status" className="text-nowrap voice-time">
            <span className="voice-time-full">
              {left <= COUNTDOWN_SECONDS
                ? t('chat.voice.left', { time: clockTime(left) })
                : t('chat.voice.recording', { time: clockTime(recording.seconds) })}
            </span>
            <span
              className={`d-sm-none${left <= COUNTDOWN_SECONDS ? ' text-danger' : ''}`}
              aria-hidden="true"
            >
              {clockTime(left <= COUNTDOWN_SECONDS ? left : recording.seconds)}
            </span>
          </span>
          <span className="voice-level flex-grow-1" aria-hidden="true">
            <span style={{ width: `${Math.round(recording.level * 100)}%` }} />
          </span>
          {holding ? (
            <span className="small lh-sm text-body-secondary">
              {sliding ? t('chat.voice.release') : t('chat.voice.slide')}
            </span>
          ) : (
            <>
              <button type="button" className="btn btn-outline-secondary btn-sm" onClick={discard}>
                {t('chat.voice.cancel')}
              </button>
              <button type="button" className="btn btn-danger btn-sm" onClick={stop}>
                {t('chat.voice.stop')}
              </button>
            </>
          )}
        </div>
        {holding ? micButton : null}
      </>
    )
  }

  if (recording.step === 'done') {
    const send = () => {
      props.onSend(recording.file)
      discard()
    }
    return (
      <div
        className="voice-panel voice-done d-flex flex-wrap align-items-center gap-2"
        data-testid="voice-preview"
      >
        {/* biome-ignore lint/a11y/useMediaCaption: the member's own voice, just recorded */}
        <audio
          controls
          src={recording.url}
          className="voice-preview-audio"
          aria-label={t('chat.voice.preview')}
        />
        <span className="small text-nowrap">{clockTime(recording.seconds)}</span>
        {other ? null : (
          <span className="small text-body-secondary text-nowrap">
            {t('chat.extraCost', { count: kindCredits(settings, 'voice'), money: price('voice') })}
          </span>
        )}
        <button type="button" className="btn btn-outline-secondary btn-sm ms-auto" onClick={discard}>
          {t('chat.voice.discard')}
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={send}>
          {other?.send ?? t('chat.voice.send')}
        </button>
      </div>
    )
  }

  return (
    <>
      {micButton}
      {problem ? (
        <div className="voice-problem alert alert-warning py-1 px-2 mb-0 small" role="alert">
          {t(`chat.voice.problem.${problem}`)}{' '}
          <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={clearProblem}>
            {t('chat.voice.ok')}
          </button>
        </div>
      ) : null}
    </>
  )
}

/** The voice note playing now: one plays at a time. */
let playing: HTMLAudioElement | null = null
const SPEEDS = [1, 1.5, 2] as const

/**
 * A voice note in its bubble: play and pause, its waveform (the server's levels: nothing is
 * downloaded to draw it) filling as it plays, its time as text, and its speed (1×, 1.5×, 2×).
 */
export function VoicePlayer(props: {
  voice: NonNullable<Message['voice']>
  /**
   * The message's id: its receiver's first play is told to the server (the sender sees it played);
   * null for a recording that is no message (a profile's voice prompt).
   */
  message: number | null
  mine: boolean
  /** The play button's words, where they are not a voice message's. */
  playLabel?: string
}) {
  const { voice, mine } = props
  const { t } = useTranslation()
  const audio = useRef<HTMLAudioElement>(null)
  const told = useRef(voice.played)
  const [on, setOn] = useState(false)
  const [at, setAt] = useState(0)
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(1)
  const length = clockTime(voice.seconds)
  const toggle = () => {
    const el = audio.current
    if (!el) return
    if (!el.paused) {
      el.pause()
      return
    }
    if (playing && playing !== el) playing.pause()
    playing = el
    el.playbackRate = speed
    void el.play().catch(() => setOn(false))
    if (props.message !== null && !mine && !told.current) {
      const message = props.message
      told.current = true
      // A receipt the member does not wait for: a failed one is told again at the next play.
      callApi(api.voicePlayed, { body: { message } }).catch(() => {
        told.current = false
      })
    }
  }
  const nextSpeed = () => {
    const next = SPEEDS[(SPEEDS.indexOf(speed) + 1) % SPEEDS.length] ?? 1
    setSpeed(next)
    if (audio.current) audio.current.playbackRate = next
  }
  const done = voice.seconds > 0 ? at / voice.seconds : 0
  return (
    <span className="voice-player d-flex align-items-center gap-2">
      <button
        type="button"
        className="btn btn-sm btn-light rounded-circle voice-play"
        aria-label={on ? t('chat.voice.pause') : (props.playLabel ?? t('chat.voice.play', { length }))}
        onClick={toggle}
      >
        <span aria-hidden="true">{on ? '❚❚' : '▶'}</span>
      </button>
      <span className="voice-wave" aria-hidden="true">
        {voice.levels.map((level, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the bars are the recording's, in order
            key={i}
            className={i / voice.levels.length < done ? 'played' : ''}
            style={{ height: `${Math.max(10, level)}%` }}
          />
        ))}
      </span>
      <span className="small text-nowrap voice-clock" data-testid="voice-time">
        {on || at > 0 ? clockTime(at) : length}
      </span>
      {mine && voice.played ? (
        <span className="small voice-played" data-testid="voice-played">
          {t('chat.voice.played')}
        </span>
      ) : null}
      <button
        type="button"
        className="btn btn-sm btn-link p-0 text-decoration-none voice-speed"
        aria-label={t('chat.voice.speed', { speed })}
        onClick={nextSpeed}
      >
        {speed}×
      </button>
      {/* biome-ignore lint/a11y/useMediaCaption: a voice note has no captions; its player is labelled */}
      <audio
        ref={audio}
        src={voice.filename}
        preload="none"
        onPlay={() => setOn(true)}
        onPause={() => setOn(false)}
        onEnded={() => {
          setOn(false)
          setAt(0)
        }}
        onTimeUpdate={(e) => setAt(e.currentTarget.currentTime)}
      />
    </span>
  )
}
