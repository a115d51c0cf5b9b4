import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'

declare module 'fastify' {
  interface FastifyReply {
    scriptNonce: string
  }
}

type NonceResponse = ServerResponse & { cspNonce?: string }

const PERMISSIONS_POLICY = 'camera=(), microphone=(), payment=(), geolocation=(self)'

/** The built files' folder: scripts, style sheets, strings and images with a hash in their name. */
const BUILT_ASSETS = '/assets/'

/**
 * Headers that govern a document (what it may load, frame or share), meaningless on a script, a
 * style sheet or an image: a page loads some fifty built files and each would carry a kilobyte of
 * them (ADR 21). nosniff and the resource policy stay on every answer.
 */
const DOCUMENT_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
]

/** Where rate limits count (ADR 22): Redis when there is one, else the database; both shared by every node. */
export type RateLimitCounts = { redis: Redis } | { store: new (options: object) => unknown }

/**
 * Security headers with a per-request script nonce, and the rate limiter that endpoints opt into
 * (`config: { rateLimit: { max, timeWindow } }`), counting where every app node counts.
 */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { production: boolean; https: boolean; rateLimits: RateLimitCounts },
  ) => {
    app.decorateReply('scriptNonce', '')
    app.addHook('onRequest', async (_request, reply) => {
      reply.scriptNonce = randomBytes(16).toString('base64')
      ;(reply.raw as NonceResponse).cspNonce = reply.scriptNonce
      // No page of ours uses the camera, microphone or Payment Request; location only for the site.
      reply.header('permissions-policy', PERMISSIONS_POLICY)
    })
    const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as NonceResponse).cspNonce}'`
    await app.register(helmet, {
      global: true,
      // Vite's dev server injects inline scripts for hot reload; production gets the full policy.
      contentSecurityPolicy: opts.production
        ? {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", nonce],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:'],
              fontSrc: ["'self'", 'data:'],
              connectSrc: ["'self'"],
              mediaSrc: ["'self'", 'blob:'],
              workerSrc: ["'self'"],
              manifestSrc: ["'self'"],
              frameAncestors: ["'none'"],
              formAction: ["'self'"],
              baseUri: ["'self'"],
              objectSrc: ["'none'"],
              ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
            },
          }
        : false,
      hsts: opts.https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      // Agrees with frame-ancestors 'none': no page is ever framed, not even by the site itself.
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    })
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith(BUILT_ASSETS)) for (const name of DOCUMENT_HEADERS) reply.removeHeader(name)
      return payload
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
