import { randomBytes } from 'node:crypto'
import { AppError } from '#server/lib/errors.ts'
import type { MediaStore } from '#server/lib/media-store.ts'
import type { VoiceProcessor } from './voice-processor.ts'

/**
 * The most an upload of a recording of at most `maxSeconds` may weigh: a browser records a voice at
 * 24–64 kbit/s, and 128 kbit/s over the longest allowed is ample.
 */
export const voiceUploadBytes = (maxSeconds: number) => maxSeconds * 16_000

/**
 * Decodes an uploaded recording in the voice thread and keeps what the server made of it (AAC in
 * MP4, ADR 36), with its length and waveform as measured; a file that is not audio, is silent or
 * lasts longer than `maxSeconds` is refused in the member's language and nothing is kept. As
 * storeImage does for a photo.
 */
export async function storeVoice(
  audio: Uint8Array,
  deps: { voice: Pick<VoiceProcessor, 'process'>; media: Pick<MediaStore, 'put'> },
  maxSeconds: number,
  /** u: a profile's voice prompt; c: a voice note sent in a chat. */
  folder: 'u' | 'c',
  /** Now, from the app's clock: the month folder the file goes to. */
  at: Date,
): Promise<{ filename: string; seconds: number; levels: number[] }> {
  const heard = await deps.voice.process({ audio, maxSeconds })
  if (!heard.ok)
    throw new AppError(
      heard.refused,
      400,
      heard.refused === 'voice.too_long' ? { count: maxSeconds } : undefined,
    )
  const filename = `${folder}/${at.toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}.m4a`
  await deps.media.put(filename, Buffer.from(heard.m4a), 'audio/mp4')
  return { filename, seconds: heard.seconds, levels: heard.levels }
}
