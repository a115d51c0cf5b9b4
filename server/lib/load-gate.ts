import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from './errors.ts'

/**
 * Sheds what a node cannot take (issue 40, ADR 31): at most `limit` requests of one kind are under
 * way at once on a node; the next is answered at once with 503, `code` in the member's language and
 * when to try again (Retry-After), instead of waiting in queues until a pool times out. Past the
 * node's capacity the ones it takes stay quick, and the others are retried (the client honours
 * Retry-After; a send's client_id makes its retry safe).
 */
export function loadGate(limit: number, code: string, retryAfterSeconds = 1) {
  let underWay = 0
  return {
    /** A route's onRequest hook. */
    async enter(_request: FastifyRequest, reply: FastifyReply) {
      if (underWay >= limit) throw new AppError(code, 503, { retry_after: retryAfterSeconds })
      underWay++
      // Answered, failed or given up by the client: the place is free again, once.
      reply.raw.once('close', () => underWay--)
    },
    underWay: () => underWay,
  }
}
