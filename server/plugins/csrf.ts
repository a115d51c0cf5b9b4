import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '#server/lib/errors.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A call other sites may make (the payment provider's webhook): no Origin check. */
    crossSite?: boolean
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Where a request comes from (ADR 13): a page of this site (its Origin is the host it asked for, or
 * the site's configured origin; without Origin, Sec-Fetch-Site says same-origin or none), a page of
 * another site, or no browser at all (neither header: an API client, a server, a test).
 */
export function requestSource(request: FastifyRequest, siteOrigin: string): 'site' | 'other' | 'no_browser' {
  const origin = request.headers.origin
  if (origin !== undefined) {
    try {
      const url = new URL(origin)
      return url.host === request.host || url.origin === siteOrigin ? 'site' : 'other'
    } catch {
      return 'other'
    }
  }
  const fetchSite = request.headers['sec-fetch-site']
  if (fetchSite === undefined) return 'no_browser'
  return fetchSite === 'same-origin' || fetchSite === 'none' ? 'site' : 'other'
}

/** A browser page of this site (the host it asked for, or the site's configured origin): a socket's opener. */
export function fromSitePage(request: FastifyRequest): boolean {
  return request.headers.origin !== undefined && requestSource(request, request.linkOrigin) === 'site'
}

/** Refuses every state-changing request that a page of another site made: 403 csrf.origin. */
export const csrfPlugin = fp(
  async (app: FastifyInstance, opts: { sites: SitesService }) => {
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method) || request.routeOptions.config?.crossSite) return
      if (requestSource(request, opts.sites.origin(request.site)) === 'other') {
        throw new AppError('csrf.origin', 403)
      }
    })
  },
  { name: 'csrf', dependencies: ['visitor'] },
)
