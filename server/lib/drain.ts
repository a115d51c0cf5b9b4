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
 * How long a stopping node still takes connections, while they keep coming: closing the listening
 * socket resets the connections the kernel has queued for it and the event loop has not taken yet
 * (a busy loop leaves dozens there), so it is closed once no connection came for QUIET_MS, or
 * after this long under a proxy that keeps sending (ADR 22: take the node out of the proxy first).
 */
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
    while (Date.now() - start < ACCEPT_LIMIT_MS && Date.now() - lastConnection < QUIET_MS) await wait()
    // Then no new connection. Not http's close(), which also cuts the connections it thinks idle,
    // those whose request is still unread among them: the listening socket's own, right after the
    // loop's poll (setImmediate), when the kernel's queue of connections is at its shortest.
    await new Promise((resolve) => setImmediate(resolve))
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
