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
 * A node that stops without dropping anything (ADR 22): `drain()` stops taking connections, lets
 * every request already received finish (each answer then closes its connection, so that a client
 * opens its next one on another node), and only then closes the app (sockets, database, queues).
 */
export function drainable(app: FastifyInstance) {
  let inFlight = 0
  app.decorate('draining', false)
  app.addHook('onRequest', async (request, reply) => {
    // A WebSocket lives as long as its page: the app's close ends those (1012), not the drain.
    if (request.headers.upgrade?.toLowerCase() === 'websocket') return
    inFlight++
    reply.raw.once('close', () => inFlight--)
    if (app.draining) reply.header('connection', 'close')
  })
  app.decorate('drain', async () => {
    app.draining = true
    // No new connection. Not http's close(), which also cuts the connections it thinks idle,
    // those whose request is still unread among them: the listening socket's own.
    Server.prototype.close.call(app.server)
    const until = Date.now() + DRAIN_LIMIT_MS
    let quietSince = Date.now()
    while (Date.now() < until && (inFlight > 0 || Date.now() - quietSince < QUIET_MS)) {
      if (inFlight > 0) quietSince = Date.now()
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    app.server.closeIdleConnections()
    await app.close()
  })
}
