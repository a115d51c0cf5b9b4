import { Server } from 'node:net'
import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyInstance {
    /** Stops this node gracefully (server/lifecycle.ts): see drainable(). */
    drain(): Promise<void>
    /** True once the node is stopping: /readyz says so, so that a proxy sends nothing new. */
    draining: boolean
  }
}

/** The longest a stopping node waits for the requests it has (a slow upload, say). */
const DRAIN_LIMIT_MS = 25_000
/**
 * How long no request must run before the idle connections are closed: a request a client sent
 * just before the signal may still wait in its socket for a busy event loop to read it.
 */
const QUIET_MS = 300
/**
 * How long no connection must come before the listening socket closes. Closing it resets the
 * connections the kernel has queued for it and the event loop has not taken yet (a busy loop leaves
 * dozens there), and a proxy that was not told (ADR 22) goes on opening them while its clients'
 * requests last: the late ones of a burst come hundreds of milliseconds apart on a busy machine
 * (CI80: one sign-up of forty got 502 with 300 ms here).
 */
const ACCEPT_QUIET_MS = 1000
/** The longest a stopping node still takes connections under a proxy that keeps sending. */
const ACCEPT_LIMIT_MS = 3000

/**
 * A node that stops without dropping anything (ADR 22): `drain()` stops taking connections, lets
 * every request already received finish (each answer then closes its connection, so that a client
 * opens its next one on another node), and only then closes the app (sockets, database, queues).
 */
export function drainable(app: FastifyInstance) {
  let inFlight = 0
  let lastConnection = 0
  app.server.on('connection', () => {
    lastConnection = Date.now()
  })
  app.decorate('draining', false)
  app.addHook('onRequest', async (request, reply) => {
    // A WebSocket lives as long as its page: the app's close ends those (1012), not the drain.
    if (request.headers.upgrade?.toLowerCase() === 'websocket') return
    inFlight++
    reply.raw.once('close', () => inFlight--)
    if (app.draining) reply.header('connection', 'close')
  })
  const wait = () => new Promise((resolve) => setTimeout(resolve, 20))
  app.decorate('drain', async () => {
    app.draining = true
    const start = Date.now()
    // Connections still come for a moment (queued, or from a proxy that does not know yet): they
    // are taken and answered, each answer closing its connection.
    const accepting = () => Date.now() - start < ACCEPT_LIMIT_MS
    for (;;) {
      while (accepting() && Date.now() - lastConnection < ACCEPT_QUIET_MS) await wait()
      // Then no new connection. Not http's close(), which also cuts the connections it thinks idle,
      // those whose request is still unread among them: the listening socket's own, right after a
      // poll of the loop (setImmediate) that took none, when the kernel's queue is at its shortest.
      const seen = lastConnection
      await new Promise((resolve) => setImmediate(resolve))
      if (lastConnection === seen || !accepting()) break
    }
    Server.prototype.close.call(app.server)
    const until = start + DRAIN_LIMIT_MS
    let quietSince = Date.now()
    while (Date.now() < until && (inFlight > 0 || Date.now() - quietSince < QUIET_MS)) {
      if (inFlight > 0) quietSince = Date.now()
      await wait()
    }
    app.server.closeIdleConnections()
    await app.close()
  })
}
