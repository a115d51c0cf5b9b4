import { createModelThread } from '../model-thread.ts'
import type { FaceFinding } from './face-messages.ts'

/** The faces an image holds, as the face thread saw them, with the analysed image's size. */
export interface FaceAnalysis {
  width: number
  height: number
  faces: FaceFinding[]
}

/**
 * The node's face models (ADR 28): one worker thread (server/lib/model-thread.ts), started at the
 * first image and kept, that loads the models once and analyses one image at a time.
 */
export function createFaceAnalyzer() {
  const thread = createModelThread<Uint8Array, FaceAnalysis>(
    new URL('./face-worker.ts', import.meta.url),
    'face analysis',
  )
  return {
    /** The faces in an encoded image (JPEG, PNG, WebP). */
    analyse: (image: Uint8Array): Promise<FaceAnalysis> => thread.ask(image),
    close: () => thread.close(),
  }
}
export type FaceAnalyzer = ReturnType<typeof createFaceAnalyzer>

/**
 * How alike two faces' embeddings are: the cosine of the angle between them, from -1 to 1 (the same
 * face seen twice comes close to 1). The thresholds that decide a match are in face-thresholds.ts.
 */
export function faceSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i]
    na += a[i] * a[i]
    nb += b[i] * b[i]
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb)
}

/** The one face of a photo that is compared with others: the largest. */
export function largestFace(faces: FaceFinding[]): FaceFinding | null {
  return faces.reduce<FaceFinding | null>(
    (best, f) => (!best || f.box[2] * f.box[3] > best.box[2] * best.box[3] ? f : best),
    null,
  )
}
