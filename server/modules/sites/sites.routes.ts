import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CompanyInfoResponse,
  InterestsResponse,
  RegionsQuery,
  RegionsResponse,
  SettingsQuery,
  SettingsResponse,
} from '#common/schemas/sites.ts'
import type { SitesService } from './sites.service.ts'

const ONE_HOUR = 'public, max-age=3600'

/** The spec's site calls: settings, company info, interests and regions (spec section 7). */
export const sitesRoutes: FastifyPluginAsyncZod<{ sites: SitesService }> = async (app, { sites }) => {
  app.get(
    '/api/settings.php',
    { schema: { tags: ['sites'], querystring: SettingsQuery, response: { 200: SettingsResponse } } },
    async (request, reply) => {
      const site = request.query.domain ? sites.resolve(request.query.domain) : request.site
      reply.header('vary', 'Host, Cookie, Accept-Language')
      return sites.settingsFor(site, request)
    },
  )

  app.get(
    '/api/companyinfo.php',
    { schema: { tags: ['sites'], response: { 200: CompanyInfoResponse } } },
    async (request, reply) => {
      reply.header('cache-control', ONE_HOUR).header('vary', 'Host')
      return request.site.company
    },
  )

  app.get(
    '/api/interests.php',
    { schema: { tags: ['sites'], response: { 200: InterestsResponse } } },
    async (request, reply) => {
      reply.header('cache-control', ONE_HOUR).header('vary', 'Cookie, Accept-Language')
      return { interests: sites.listInterests(request.locale) }
    },
  )

  app.get(
    '/api/regions.php',
    { schema: { tags: ['sites'], querystring: RegionsQuery, response: { 200: RegionsResponse } } },
    async (request, reply) => {
      reply.header('cache-control', ONE_HOUR)
      return { regions: await sites.listRegions(request.query.country) }
    },
  )
}
