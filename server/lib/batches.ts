import { batchSizes } from './metrics.ts'

/**
 * At most 64 items go to the database in one call, and at most two such calls at a time: a node then
 * keeps two of its pool's connections busy with them while the others serve everything else.
 */
export const BATCH_LIMITS = { maxBatch: 64, inFlight: 2 }

/**
 * Group commit: calls that arrive while the database is busy with earlier batches wait and go
 * together as the next batch, so under load N calls cost one round trip and one commit instead of
 * N, and a lone call goes at once (at the end of the event loop turn it arrived in, with whatever
 * arrived in that turn). At most `inFlight` batches run at a time. `run` answers one result per
 * item, in order. When a batch fails as a whole, each of its items is run alone, so only the item
 * at fault fails and the others never see its error.
 */
export function createBatcher<I, O>(
  run: (items: I[]) => Promise<O[]>,
  limits: { maxBatch: number; inFlight: number; name?: string } = BATCH_LIMITS,
): (item: I) => Promise<O> {
  interface Waiting {
    item: I
    resolve: (result: O) => void
    reject: (error: unknown) => void
  }
  let queue: Waiting[] = []
  let running = 0
  let scheduled = false

  const runAlone = (w: Waiting) =>
    run([w.item]).then(
      ([result]) => w.resolve(result),
      (error: unknown) => w.reject(error),
    )

  async function flush() {
    scheduled = false
    if (running >= limits.inFlight || queue.length === 0) return
    running++
    const batch = queue.slice(0, limits.maxBatch)
    queue = queue.slice(batch.length)
    batchSizes.observe({ batch: limits.name ?? 'unnamed' }, batch.length)
    try {
      const results = await run(batch.map((w) => w.item))
      if (results.length !== batch.length) throw new Error('a batch answered the wrong number of results')
      for (const [i, w] of batch.entries()) w.resolve(results[i])
    } catch (error) {
      if (batch.length === 1) batch[0].reject(error)
      else await Promise.all(batch.map(runAlone))
    } finally {
      running--
      if (queue.length > 0) void flush()
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject })
      if (running < limits.inFlight && !scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    })
}
