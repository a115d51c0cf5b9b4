import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { staffActor } from '#server/modules/audit/audit.service.ts'
import type { SiteSettingsService } from './site-settings.service.ts'

/** The console's business settings of each site (admins). */
export const siteSettingsRoutes: FastifyPluginAsyncZod<{ settings: SiteSettingsService }> = async (
  app,
  { settings },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })
  app.route({ ...apiRoute(api.siteSettings), handler: async (request) => settings.get(request.query.site) })
  app.route({
    ...apiRoute(api.updateSiteSettings),
    handler: async (request) => settings.update(request.body, staffActor(request)),
  })
}
