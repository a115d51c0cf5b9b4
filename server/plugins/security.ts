import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyReply {
    scriptNonce: string
  }
}

type NonceResponse = ServerResponse & { cspNonce?: string }

const PERMISSIONS_POLICY = 'camera=(), microphone=(), payment=(), geolocation=(self)'

/**
 * Security headers with a per-request script nonce, and the rate limiter that endpoints opt into
 * (`config: { rateLimit: { max, timeWindow } }`).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { production: boolean; https: boolean }) => {
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
    await app.register(rateLimit, { global: false })
  },
  { name: 'security' },
)
