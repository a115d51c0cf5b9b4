import { availableParallelism } from 'node:os'
import { createModelThread } from '../model-thread.ts'
import type { VoiceRequest, VoiceResult } from './voice-messages.ts'

/**
 * FFmpeg threads a node runs at most: a core is left to the node's requests, two threads at most.
 * A thread decodes one note at a time (about 0.1 s for a few seconds of voice) and a burst waits
 * in line. Measured with 100 notes at once on this 2-core machine (npm run bench:voice): one thread
 * delivered them in p50 5.4 s, p95 9.2 s; two delivered every one at about 7.1 s, the node's own
 * work (every other member's requests too) waiting behind the decoding. So one here.
 */
const THREADS = Math.min(2, Math.max(1, availableParallelism() - 1))

/**
 * The node's voice processing (issue 58), in worker threads (server/lib/model-thread.ts): FFmpeg
 * loaded in a thread when a note first needs it, and kept; each note goes to the thread with the
 * fewest notes waiting.
 */
export function createVoiceProcessor(threads = THREADS) {
  const pool = Array.from({ length: threads }, () => ({
    thread: createModelThread<VoiceRequest, VoiceResult>(
      new URL('./voice-worker.ts', import.meta.url),
      'voice processing',
    ),
    waiting: 0,
  }))
  return {
    /** A recording measured, drawn and encoded again, or why it is refused. */
    async process(request: VoiceRequest): Promise<VoiceResult> {
      // The first idle thread, else the least busy: a thread is started only when the others are busy.
      const chosen = pool.reduce((best, next) => (next.waiting < best.waiting ? next : best))
      chosen.waiting++
      try {
        return await chosen.thread.ask(request)
      } finally {
        chosen.waiting--
      }
    },
    close: () => Promise.all(pool.map((p) => p.thread.close())).then(() => {}),
  }
}
export type VoiceProcessor = ReturnType<typeof createVoiceProcessor>
