import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { staffActor } from '#server/modules/audit/audit.service.ts'
import type { CatalogService } from './catalog.service.ts'
import type { paymentsConsoleHandlers } from './console.handlers.ts'
import type { RefundsService } from './refunds.service.ts'

/** The console's payments: search and refund (support and admins), bundles and codes (admins). */
export const refundsRoutes: FastifyPluginAsyncZod<{
  refunds: RefundsService
  catalog: CatalogService
  handlers: ReturnType<typeof paymentsConsoleHandlers>
}> = async (app, { refunds, catalog, handlers }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })
  app.route({ ...apiRoute(api.searchPayments), handler: async (request) => refunds.search(request.query.q) })
  app.route({
    ...apiRoute(api.refundPayment),
    handler: async (request) => handlers.refundPayment(request.body, staffActor(request)),
  })

  // What the sites sell (admins).
  app.route({ ...apiRoute(api.catalog), handler: async (request) => catalog.list(request.query.site) })
  app.route({
    ...apiRoute(api.saveBundle),
    handler: async (request) => handlers.saveBundle(request.body, staffActor(request)),
  })
  app.route({
    ...apiRoute(api.createCode),
    handler: async (request, reply) => {
      reply.code(201)
      return handlers.createCode(request.body, staffActor(request))
    },
  })
  app.route({
    ...apiRoute(api.expireCode),
    handler: async (request) => handlers.expireCode(request.body, staffActor(request)),
  })
}
