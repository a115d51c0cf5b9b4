import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { staffActor } from '#server/modules/audit/audit.service.ts'
import type { ContentPagesService } from './content-pages.service.ts'
import type { siteSettingsHandlers } from './site-settings.handlers.ts'
import type { SiteSettingsService } from './site-settings.service.ts'

/** The console's business settings and content pages of each site (admins). */
export const siteSettingsRoutes: FastifyPluginAsyncZod<{
  settings: SiteSettingsService
  content: ContentPagesService
  handlers: ReturnType<typeof siteSettingsHandlers>
}> = async (app, { settings, content, handlers }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })
  app.route({ ...apiRoute(api.siteSettings), handler: async (request) => settings.get(request.query.site) })
  app.route({
    ...apiRoute(api.updateSiteSettings),
    handler: async (request) => handlers.updateSiteSettings(request.body, staffActor(request)),
  })
  app.route({ ...apiRoute(api.contentPages), handler: async (request) => content.list(request.query.site) })
  app.route({ ...apiRoute(api.contentPage), handler: async (request) => content.get(request.query) })
  app.route({
    ...apiRoute(api.saveContentPage),
    handler: async (request) => handlers.saveContentPage(request.body, staffActor(request)),
  })
  app.route({
    ...apiRoute(api.resetContentPage),
    handler: async (request) => handlers.resetContentPage(request.body, staffActor(request)),
  })
  app.route({
    ...apiRoute(api.previewContentPage),
    handler: async (request) =>
      content.preview(request.body.site, request.body.language, request.body.markdown),
  })
}
