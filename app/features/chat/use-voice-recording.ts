import { useEffect, useRef, useState } from 'react'

/** What the browser records, best first: Opus in WebM (Chromium, Firefox), AAC in MP4 (Safari). */
const FORMATS = ['audio/webm;codecs=opus', 'audio/mp4', 'audio/ogg;codecs=opus', 'audio/webm']
/** About 24 kbit/s: a minute of voice stays under 200 KB. */
const BITS_PER_SECOND = 24_000

/** Where a recording is: nothing yet, asking for the microphone, recording, or done and heard back. */
type Recording =
  | { step: 'idle' }
  | { step: 'asking' }
  | { step: 'recording'; seconds: number; level: number }
  | { step: 'done'; file: File; url: string; seconds: number }

/** Why a recording could not start or go on (chat.voice.<problem> in common/i18n). */
type RecordingProblem = 'unsupported' | 'denied' | 'failed'

interface Session {
  stream: MediaStream
  recorder: MediaRecorder
  audio: AudioContext
  started: number
  timer: number
  frame: number
  keep: boolean
}

/** The microphone may be used on this page: the page's Permissions-Policy allows it (ADR 36). */
function microphoneAllowed(): boolean {
  const doc = document as Document & {
    permissionsPolicy?: { allowsFeature(feature: string): boolean }
    featurePolicy?: { allowsFeature(feature: string): boolean }
  }
  const policy = doc.permissionsPolicy ?? doc.featurePolicy
  return policy ? policy.allowsFeature('microphone') : true
}

/** Ends a recording: its timers, the recorder, the microphone and the level's audio context. */
function closeSession(session: { current: Session | null }) {
  const s = session.current
  session.current = null
  if (!s) return
  window.clearInterval(s.timer)
  window.cancelAnimationFrame(s.frame)
  if (s.recorder.state !== 'inactive') s.recorder.stop()
  for (const track of s.stream.getTracks()) track.stop()
  void s.audio.close().catch(() => {})
}

/** Lets the browser drop a recording heard back. */
function forgetUrl(url: { current: string | null }) {
  if (url.current) URL.revokeObjectURL(url.current)
  url.current = null
}

/**
 * A voice note's recording (issue 58): the microphone asked for when the member starts, at most
 * `maxSeconds` (it stops by itself there), its level while it records, then the file to hear
 * back, send or discard. Everything it opened is closed when it ends or the page goes.
 */
export function useVoiceRecording(maxSeconds: number) {
  const [recording, setRecording] = useState<Recording>({ step: 'idle' })
  const [problem, setProblem] = useState<RecordingProblem | null>(null)
  const session = useRef<Session | null>(null)
  const url = useRef<string | null>(null)

  const close = () => closeSession(session)
  const forget = () => forgetUrl(url)
  // Leaving the page ends a recording, keeping nothing.
  useEffect(
    () => () => {
      if (session.current) session.current.keep = false
      closeSession(session)
      forgetUrl(url)
    },
    [],
  )

  async function start() {
    setProblem(null)
    forget()
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setProblem('unsupported')
      return
    }
    // A page reached inside the app keeps the policy of the first page loaded: this one's own
    // (which allows the microphone) comes with loading it again.
    if (!microphoneAllowed()) {
      window.location.reload()
      return
    }
    setRecording({ step: 'asking' })
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true },
      })
    } catch (error) {
      setRecording({ step: 'idle' })
      setProblem(error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'failed')
      return
    }
    const mimeType = FORMATS.find((type) => MediaRecorder.isTypeSupported(type))
    const recorder = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: BITS_PER_SECOND })
    const audio = new AudioContext()
    const analyser = audio.createAnalyser()
    analyser.fftSize = 512
    audio.createMediaStreamSource(stream).connect(analyser)
    const samples = new Uint8Array(analyser.fftSize)
    const chunks: Blob[] = []
    const s: Session = { stream, recorder, audio, started: performance.now(), timer: 0, frame: 0, keep: true }
    session.current = s
    const elapsed = () => (performance.now() - s.started) / 1000
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data)
    }
    recorder.onerror = () => {
      s.keep = false
      close()
      setRecording({ step: 'idle' })
      setProblem('failed')
    }
    recorder.onstop = () => {
      if (!s.keep) return
      const type = recorder.mimeType || mimeType || 'audio/webm'
      const file = new File(
        chunks,
        `voice.${type.includes('mp4') ? 'm4a' : type.includes('ogg') ? 'ogg' : 'webm'}`,
        {
          type,
        },
      )
      url.current = URL.createObjectURL(file)
      setRecording({ step: 'done', file, url: url.current, seconds: Math.min(elapsed(), maxSeconds) })
    }
    const measure = () => {
      analyser.getByteTimeDomainData(samples)
      let sum = 0
      for (const v of samples) sum += ((v - 128) / 128) ** 2
      const level = Math.min(1, Math.sqrt(sum / samples.length) * 4)
      setRecording((r) => (r.step === 'recording' ? { ...r, level } : r))
      s.frame = window.requestAnimationFrame(measure)
    }
    s.timer = window.setInterval(() => {
      const seconds = elapsed()
      if (seconds >= maxSeconds) stop()
      else setRecording((r) => (r.step === 'recording' ? { ...r, seconds } : r))
    }, 200)
    recorder.start(1000)
    setRecording({ step: 'recording', seconds: 0, level: 0 })
    s.frame = window.requestAnimationFrame(measure)
  }

  /** Ends the recording and keeps it, to hear back and send. */
  function stop() {
    close()
  }

  /** Ends the recording, or drops the one made, keeping nothing. */
  function discard() {
    if (session.current) session.current.keep = false
    close()
    forget()
    setRecording({ step: 'idle' })
  }

  return { recording, problem, start, stop, discard, clearProblem: () => setProblem(null) }
}
