import { Worker } from 'node:worker_threads'
import type { FaceFinding, FaceRequest, FaceResponse } from './face-messages.ts'

export type { FaceFinding }

/** The faces an image holds, as the face thread saw them, with the analysed image's size. */
export interface FaceAnalysis {
  width: number
  height: number
  faces: FaceFinding[]
}

/**
 * The node's face models (ADR 28): one worker thread, started at the first image and kept, that
 * loads the models once and analyses one image at a time; the event loop never waits on a model.
 * An image waits its turn; a thread that dies is started again at the next image.
 */
export function createFaceAnalyzer() {
  let worker: Worker | null = null
  let next = 0
  const waiting = new Map<number, { resolve: (a: FaceAnalysis) => void; reject: (e: Error) => void }>()

  function start(): Worker {
    const thread = new Worker(new URL('./face-worker.ts', import.meta.url))
    thread.on('message', (response: FaceResponse) => {
      const caller = waiting.get(response.id)
      if (!caller) return
      waiting.delete(response.id)
      if (waiting.size === 0) thread.unref()
      if (response.ok)
        caller.resolve({ width: response.width, height: response.height, faces: response.faces })
      else caller.reject(new Error(`face analysis failed: ${response.error}`))
    })
    const fail = (error: Error) => {
      worker = null
      for (const caller of waiting.values()) caller.reject(error)
      waiting.clear()
    }
    thread.on('error', fail)
    thread.on('exit', (code) => {
      if (worker === thread) fail(new Error(`the face thread stopped (${code})`))
    })
    return thread
  }

  return {
    /** The faces in an encoded image (JPEG, PNG, WebP). */
    analyse(image: Uint8Array): Promise<FaceAnalysis> {
      worker ??= start()
      const id = ++next
      const request: FaceRequest = { id, image }
      return new Promise<FaceAnalysis>((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        // Busy, the thread keeps the process alive; idle, it holds nothing open (a node may stop).
        worker?.ref()
        worker?.postMessage(request)
      })
    },

    /** Stops the thread (a node that stops, a test that ends). */
    async close(): Promise<void> {
      const thread = worker
      worker = null
      if (thread) await thread.terminate()
    },
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
