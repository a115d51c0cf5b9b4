import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { staffActor } from '#server/modules/audit/audit.service.ts'
import type { RefundsService } from './refunds.service.ts'

/** The console's payments: search and refund (support and admins). */
export const refundsRoutes: FastifyPluginAsyncZod<{ refunds: RefundsService }> = async (app, { refunds }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })
  app.route({ ...apiRoute(api.searchPayments), handler: async (request) => refunds.search(request.query.q) })
  app.route({
    ...apiRoute(api.refundPayment),
    handler: async (request) =>
      refunds.refund(request.body.payment, request.body.reason, staffActor(request)),
  })
}
