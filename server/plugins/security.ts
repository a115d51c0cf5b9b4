import { randomBytes } from 'node:crypto'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import { API_PREFIX } from '#common/api.ts'
import { securityHeaderSets } from '#server/lib/security-headers.ts'

declare module 'fastify' {
  interface FastifyReply {
    scriptNonce: string
  }
}

/** Where rate limits count (ADR 22): Redis when there is one, else the database; both shared by every node. */
type RateLimitCounts = { redis: Redis } | { store: new (options: object) => unknown }

/**
 * Security headers (a page's with its own script nonce, see security-headers.ts), and the rate
 * limiter that endpoints opt into (`config: { rateLimit: { max, timeWindow } }`), counting where
 * every app node counts.
 */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { production: boolean; https: boolean; rateLimits: RateLimitCounts },
  ) => {
    app.decorateReply('scriptNonce', '')
    const sets = securityHeaderSets(opts)
    // Built files and images (public or a chat's), the JSON API, and every other answer a page.
    app.addHook('onRequest', (request, reply, done) => {
      const url = request.url
      if (url.startsWith('/assets/') || url.startsWith('/media/')) reply.headers(sets.file)
      else if (url.startsWith(API_PREFIX)) reply.headers(sets.api)
      else {
        reply.scriptNonce = randomBytes(16).toString('base64')
        reply.headers(sets.page(reply.scriptNonce, url))
      }
      done()
    })
    await app.register(rateLimit, {
      global: false,
      // A counter that cannot be read (Redis or the database down) does not refuse the request:
      // the request goes on, and fails by itself with 503 if it needs the database (ADR 22).
      skipOnError: true,
      ...('redis' in opts.rateLimits
        ? { redis: opts.rateLimits.redis, nameSpace: 'rate-limit:' }
        : { store: opts.rateLimits.store as never }),
    })
  },
  { name: 'security' },
)
