// The voice thread (issue 58): FFmpeg's WebAssembly build (@ffmpeg/core), loaded once per node,
// decodes one recording at a time, whatever the browser recorded (Opus in WebM or Ogg, AAC in MP4),
// to measure it and draw its waveform, and encodes it again in AAC in MP4 at a voice's bitrate. Its
// binary comes from node_modules: nothing is fetched.
import { parentPort } from 'node:worker_threads'
import { serveModelRequests } from '../model-thread.ts'
import { loadFFmpeg } from './ffmpeg-core.ts'
import { type VoiceRequest, type VoiceResult, WAVEFORM_BARS } from './voice-messages.ts'

/** The waveform's samples: mono, 8 kHz, 16 bits. */
const PCM_RATE = 8000
/** Shorter than this, a recording holds nothing to hear. */
const MIN_SECONDS = 0.5

const core = loadFFmpeg()

/** The loudness of each of the waveform's slices, 0–100, the loudest slice 100. */
function waveform(pcm: Int16Array): number[] {
  const per = Math.max(1, Math.floor(pcm.length / WAVEFORM_BARS))
  const rms = Array.from({ length: WAVEFORM_BARS }, (_, bar) => {
    let sum = 0
    const from = bar * per
    const to = Math.min(pcm.length, from + per)
    for (let i = from; i < to; i++) sum += (pcm[i] as number) ** 2
    return to > from ? Math.sqrt(sum / (to - from)) : 0
  })
  const loudest = Math.max(...rms)
  return rms.map((r) => (loudest > 0 ? Math.round((r / loudest) * 100) : 0))
}

async function process({ audio, maxSeconds }: VoiceRequest): Promise<VoiceResult> {
  const ffmpeg = await core
  ffmpeg.reset()
  ffmpeg.FS.writeFile('in', audio)
  try {
    // One decode, two outputs; at most a second more than allowed is decoded, whatever the file says.
    const code = ffmpeg.exec(
      ...['-v', 'error', '-t', String(maxSeconds + 1), '-i', 'in'],
      ...['-map', '0:a:0', '-ac', '1', '-ar', String(PCM_RATE), '-f', 's16le', 'out.pcm'],
      ...['-map', '0:a:0', '-ac', '1', '-ar', '16000', '-c:a', 'aac', '-b:a', '22k'],
      ...['-movflags', '+faststart', '-f', 'mp4', 'out.m4a'],
    )
    if (code !== 0) return { ok: false, refused: 'voice.not_audio' }
    const bytes = ffmpeg.FS.readFile('out.pcm')
    const pcm = new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 2))
    const seconds = Math.round((pcm.length / PCM_RATE) * 10) / 10
    if (seconds < MIN_SECONDS || pcm.every((s) => s === 0)) return { ok: false, refused: 'voice.empty' }
    if (seconds > maxSeconds) return { ok: false, refused: 'voice.too_long' }
    return { ok: true, m4a: ffmpeg.FS.readFile('out.m4a'), seconds, levels: waveform(pcm) }
  } finally {
    for (const file of ['in', 'out.pcm', 'out.m4a']) {
      try {
        ffmpeg.FS.unlink(file)
      } catch {
        // Not written: nothing to remove.
      }
    }
  }
}

serveModelRequests<VoiceRequest, VoiceResult>(parentPort, process)
