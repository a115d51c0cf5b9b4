import { createModelThread } from '../model-thread.ts'
import type { VoiceRequest, VoiceResult } from './voice-messages.ts'

/**
 * The node's voice processing (issue 58), in its own worker thread (server/lib/model-thread.ts):
 * FFmpeg loaded at the first recording and kept.
 */
export function createVoiceProcessor() {
  const thread = createModelThread<VoiceRequest, VoiceResult>(
    new URL('./voice-worker.ts', import.meta.url),
    'voice processing',
  )
  return {
    /** A recording measured, drawn and encoded again, or why it is refused. */
    process: (request: VoiceRequest): Promise<VoiceResult> => thread.ask(request),
    close: () => thread.close(),
  }
}
export type VoiceProcessor = ReturnType<typeof createVoiceProcessor>
