import { Worker } from 'node:worker_threads'

/** What a model thread answers for one request: its result, or why it failed. */
type ModelResponse<Result> =
  | { id: number; ok: true; result: Result }
  | { id: number; ok: false; error: string }

/**
 * A model's worker thread (ADR 28, ADR 29): started at the first request and kept, it loads its model
 * once and answers one request at a time; the event loop never waits on a model. A request waits
 * its turn; a thread that dies is started again at the next request.
 */
export function createModelThread<Request, Result>(script: URL, name: string) {
  let worker: Worker | null = null
  let next = 0
  const waiting = new Map<number, { resolve: (r: Result) => void; reject: (e: Error) => void }>()

  function start(): Worker {
    const thread = new Worker(script)
    thread.on('message', (response: ModelResponse<Result>) => {
      const caller = waiting.get(response.id)
      if (!caller) return
      waiting.delete(response.id)
      if (waiting.size === 0) thread.unref()
      if (response.ok) caller.resolve(response.result)
      else caller.reject(new Error(`${name} failed: ${response.error}`))
    })
    const fail = (error: Error) => {
      worker = null
      for (const caller of waiting.values()) caller.reject(error)
      waiting.clear()
    }
    thread.on('error', fail)
    thread.on('exit', (code) => {
      if (worker === thread) fail(new Error(`the ${name} thread stopped (${code})`))
    })
    return thread
  }

  return {
    ask(request: Request): Promise<Result> {
      worker ??= start()
      const id = ++next
      return new Promise<Result>((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        // Busy, the thread keeps the process alive; idle, it holds nothing open (a node may stop).
        worker?.ref()
        worker?.postMessage({ id, request })
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

/** The thread's side: answers each request with `handle`'s result, or its error. */
export function serveModelRequests<Request, Result>(
  port: import('node:worker_threads').MessagePort | null,
  handle: (request: Request) => Promise<Result>,
) {
  port?.on('message', async ({ id, request }: { id: number; request: Request }) => {
    let response: ModelResponse<Result>
    try {
      response = { id, ok: true, result: await handle(request) }
    } catch (error) {
      response = { id, ok: false, error: error instanceof Error ? error.message : String(error) }
    }
    port.postMessage(response)
  })
}
