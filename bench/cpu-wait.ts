import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'

/**
 * How long this machine keeps a ready thread waiting for a core while a bench times: a thread of
 * its own sleeps 1 ms again and again and counts how late it wakes. What it waits, every process
 * here waits too (the servers, PostgreSQL, the load), so a p99 is read beside it (ADR 39). Its own
 * isolate has almost no heap: the load's garbage collections are not in its figures.
 *
 * Shared slots: 0 timing on (1) or off, 1 wakes more than 10 ms late, 2 more than 30 ms late,
 * 3 the latest wake in tenths of a millisecond, 4 stop.
 */
const ON = 0
const OVER_10 = 1
const OVER_30 = 2
const LATEST = 3
const STOP = 4

if (!isMainThread) {
  const slots = new Int32Array(workerData as SharedArrayBuffer)
  const nap = new Int32Array(new SharedArrayBuffer(4))
  let last = performance.now()
  while (Atomics.load(slots, STOP) === 0) {
    Atomics.wait(nap, 0, 0, 1)
    const now = performance.now()
    const late = now - last - 1
    last = now
    if (Atomics.load(slots, ON) === 0) continue
    if (late > 10) Atomics.add(slots, OVER_10, 1)
    if (late > 30) Atomics.add(slots, OVER_30, 1)
    const tenths = Math.round(late * 10)
    if (tenths > Atomics.load(slots, LATEST)) Atomics.store(slots, LATEST, tenths)
  }
  parentPort?.close()
}

/** A probe started at once; `timing(on)` brackets what is timed, `read()` says what it saw since `reset()`. */
export function cpuWaitProbe() {
  const slots = new Int32Array(new SharedArrayBuffer(4 * 5))
  const worker = new Worker(new URL(import.meta.url), { workerData: slots.buffer })
  worker.unref()
  return {
    timing: (on: boolean) => Atomics.store(slots, ON, on ? 1 : 0),
    reset: () => {
      for (const slot of [OVER_10, OVER_30, LATEST]) Atomics.store(slots, slot, 0)
    },
    read: () => ({
      over10: Atomics.load(slots, OVER_10),
      over30: Atomics.load(slots, OVER_30),
      latestMs: Atomics.load(slots, LATEST) / 10,
    }),
    stop: () => Atomics.store(slots, STOP, 1),
  }
}
