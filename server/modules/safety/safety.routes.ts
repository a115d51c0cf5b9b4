import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import type { SafetyService } from './safety.service.ts'

/** The safety rules' figures for the console (moderators and admins). */
export const safetyRoutes: FastifyPluginAsyncZod<{ safety: SafetyService }> = async (app, { safety }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })
  app.route({ ...apiRoute(api.safetyStats), handler: async (request) => safety.stats(request.query) })
}
