import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import type { SitesService } from './sites.service.ts'

const ONE_HOUR = 'public, max-age=3600'

/** The spec's site calls: settings, company info, interests and regions (spec section 7). */
export const sitesRoutes: FastifyPluginAsyncZod<{ sites: SitesService }> = async (app, { sites }) => {
  app.route({
    ...apiRoute(api.settings),
    handler: async (request, reply) => {
      const site = request.query.domain ? sites.resolve(request.query.domain) : request.site
      reply.header('vary', 'Host, Cookie, Accept-Language')
      return sites.settingsFor(site, request)
    },
  })

  app.route({
    ...apiRoute(api.companyInfo),
    handler: async (request, reply) => {
      reply.header('cache-control', ONE_HOUR).header('vary', 'Host')
      return request.site.company
    },
  })

  app.route({
    ...apiRoute(api.interests),
    handler: async (request, reply) => {
      reply.header('cache-control', ONE_HOUR).header('vary', 'Cookie, Accept-Language')
      return { interests: sites.listInterests(request.locale) }
    },
  })

  app.route({
    ...apiRoute(api.regions),
    handler: async (request, reply) => {
      // Named in the page's language: the answer varies with it.
      reply.header('cache-control', ONE_HOUR).header('vary', 'Cookie, Accept-Language')
      return { regions: await sites.listRegions(request.query.country, request.locale) }
    },
  })
}
