import type { FileKind } from '#common/message-kinds.ts'
import type { MessageFlag, SafetyEvent } from '#common/safety.ts'
import type { MessagePayload } from '#common/schemas/chat-send.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { storeImage } from '#server/lib/images.ts'
import type { MediaStore } from '#server/lib/media-store.ts'
import { storeVoice, voiceUploadBytes } from '#server/lib/voice/store-voice.ts'
import type { VoiceProcessor } from '#server/lib/voice/voice-processor.ts'
import type { SafetyService } from '#server/modules/safety/safety.service.ts'

/** What storing a message's file needs: where, when, the safety models and the sender's answer. */
interface FileContext {
  media: MediaStore
  now: Clock
  safety: Pick<SafetyService, 'photoScore' | 'count'>
  voice: Pick<VoiceProcessor, 'process'>
  site: { id: number; explicitThreshold: number; voiceMaxSeconds: number }
  /** The sender's answer to a question asked of this file before (`send_anyway`). */
  nudge: string | undefined
}

/** A file checked and stored: the message's payload, what the safety rules found, its names. */
interface StoredFile {
  payload: Extract<MessagePayload, { file: string }>
  flags: MessageFlag[]
  /** Counted once the message is sent. */
  events: SafetyEvent[]
}

/** How one kind's file is checked, stored and served (issue 57: one upload path for every kind). */
interface MessageFileRule {
  /**
   * Checks the upload and stores it in the media store's chat folder (c/YYYY-MM/<32 hex>.<ext>,
   * a thumbnail as <same>-thumb.webp). A refusal is an AppError in the member's language; what it
   * stored before refusing, it removes.
   */
  store(file: Buffer, context: FileContext): Promise<StoredFile>
  /** The most bytes its upload may have on a site, tighter than every upload's limit; refused as it arrives. */
  maxBytes?: (site: FileContext['site']) => number
}

/** Every kind of MESSAGE_KINDS that carries a file, and how. */
export const MESSAGE_FILES: Record<FileKind, MessageFileRule> = {
  photo: {
    /**
     * The same pipeline as profile photos (re-encoded, no metadata kept). An explicit photo goes
     * blurred, once the sender said so when asked (409 chat.photo_explicit, issue 38).
     */
    async store(file, { media, now, safety, site, nudge }) {
      const stored = await storeImage(file, media, 'c', now())
      const payload = { file: stored.filename, thumb: stored.thumbFilename }
      const explicit = await safety.photoScore(file).then(
        (score) => score >= site.explicitThreshold,
        async (error: unknown) => {
          await media.remove([payload.file, payload.thumb])
          throw error
        },
      )
      if (!explicit) return { payload, flags: [], events: [] }
      if (nudge !== 'send_anyway') {
        await media.remove([payload.file, payload.thumb])
        await safety.count(site.id, 'explicit_asked')
        throw new AppError('chat.photo_explicit', 409)
      }
      return { payload, flags: ['explicit'], events: ['explicit_sent'] }
    },
  },
  voice: {
    maxBytes: (site) => voiceUploadBytes(site.voiceMaxSeconds),
    /**
     * Decoded on the server whatever the browser recorded (issue 58): a file that is not audio,
     * holds nothing, or lasts longer than the site allows is refused; what is kept is the server's
     * encoding (AAC in MP4, which every current browser plays), its length and waveform as measured.
     */
    async store(file, { media, now, voice, site }) {
      const kept = await storeVoice(file, { voice, media }, site.voiceMaxSeconds, 'c', now())
      const payload = { file: kept.filename, thumb: null, seconds: kept.seconds, levels: kept.levels }
      return { payload, flags: [], events: [] }
    },
  },
}

/** How readUpload bounds a kind's upload on a site (its maxBytes, refused as `<kind>.too_large`), or null. */
export function uploadLimit(kind: FileKind, site: FileContext['site']) {
  const bytes = MESSAGE_FILES[kind].maxBytes?.(site)
  return bytes ? { bytes, refusal: new AppError(`${kind}.too_large`, 413) } : null
}
