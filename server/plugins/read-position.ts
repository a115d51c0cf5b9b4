import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { type Reads, readingAfter } from '#server/db/replicas.ts'

/** The cookie that carries a member's last write's log position (ADR 39). */
const WAL_COOKIE = 'wal'
/** Long enough for any healthy replica to replay it: past the lag bound, a replica is left out anyway. */
const WAL_COOKIE_SECONDS = 60

/**
 * Read-your-writes across replicas (issue 62, point 1; ADR 39): a request that wrote answers with
 * the primary's log position in a cookie; the requests that follow read from a replica only once it
 * has replayed that far (server/db/replicas.ts). Nothing happens without replicas.
 */
const readPositionPlugin: FastifyPluginAsync<{ reads: Reads; secure: boolean }> = async (app, opts) => {
  if (!opts.reads.replicated) return
  app.addHook('onRequest', (request, _reply, done) => {
    readingAfter(request.cookies[WAL_COOKIE] ?? null, done)
  })
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload
    reply.setCookie(WAL_COOKIE, (await opts.reads.position()) ?? '', {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secure,
      maxAge: WAL_COOKIE_SECONDS,
    })
    return payload
  })
}

export const readPosition = fp(readPositionPlugin, {
  name: 'read-position',
  dependencies: ['@fastify/cookie'],
})
