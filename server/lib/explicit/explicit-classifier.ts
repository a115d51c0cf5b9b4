import { createModelThread } from '../model-thread.ts'
import { type ExplicitScores, explicitScore } from './explicit-scores.ts'

/**
 * The node's explicit-photo model (ADR 29), in its own worker thread (server/lib/model-thread.ts),
 * loaded at the first photo and kept.
 */
export function createExplicitClassifier() {
  const thread = createModelThread<Uint8Array, ExplicitScores>(
    new URL('./explicit-worker.ts', import.meta.url),
    'explicit-photo classification',
  )
  return {
    /** The model's classes for an encoded image. */
    classify: (image: Uint8Array): Promise<ExplicitScores> => thread.ask(image),
    /** How explicit an encoded image is, 0–1 (explicitScore). */
    score: async (image: Uint8Array): Promise<number> => explicitScore(await thread.ask(image)),
    close: () => thread.close(),
  }
}
export type ExplicitClassifier = ReturnType<typeof createExplicitClassifier>
