import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { staffActor } from '#server/modules/audit/audit.service.ts'
import type { ContentPagesService } from './content-pages.service.ts'
import type { SiteSettingsService } from './site-settings.service.ts'

/** The console's business settings and content pages of each site (admins). */
export const siteSettingsRoutes: FastifyPluginAsyncZod<{
  settings: SiteSettingsService
  content: ContentPagesService
}> = async (app, { settings, content }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })
  app.route({ ...apiRoute(api.siteSettings), handler: async (request) => settings.get(request.query.site) })
  app.route({
    ...apiRoute(api.updateSiteSettings),
    handler: async (request) => settings.update(request.body, staffActor(request)),
  })
  app.route({ ...apiRoute(api.contentPages), handler: async (request) => content.list(request.query.site) })
  app.route({ ...apiRoute(api.contentPage), handler: async (request) => content.get(request.query) })
  app.route({
    ...apiRoute(api.saveContentPage),
    handler: async (request) => content.save(request.body, staffActor(request)),
  })
  app.route({
    ...apiRoute(api.resetContentPage),
    handler: async (request) => content.reset(request.body, staffActor(request)),
  })
  app.route({
    ...apiRoute(api.previewContentPage),
    handler: async (request) =>
      content.preview(request.body.site, request.body.language, request.body.markdown),
  })
}
