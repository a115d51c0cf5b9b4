import { AppError } from './errors.ts'

/**
 * At most `running` tasks at once, and at most `waiting` more queued for their turn; a task past
 * both is refused at once with 503 and the error `busy` (to try again in a moment) instead of
 * queueing without end. Used where each task costs much memory or CPU (decoding an image).
 */
export function createGate(limits: { running: number; waiting: number; busy: string }) {
  let running = 0
  const queue: Array<() => void> = []

  function release() {
    const next = queue.shift()
    if (next) next()
    else running--
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= limits.running) {
        if (queue.length >= limits.waiting) throw new AppError(limits.busy, 503)
        // The slot is handed over by release(): `running` stays counted for the next task.
        await new Promise<void>((resolve) => queue.push(resolve))
      } else {
        running++
      }
      try {
        return await task()
      } finally {
        release()
      }
    },
    /** Tasks running and waiting now (the metrics read it). */
    load: () => ({ running, waiting: queue.length }),
  }
}
