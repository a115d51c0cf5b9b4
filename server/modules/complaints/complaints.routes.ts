import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { FORM_LIMITS } from '#server/lib/form-limits.ts'
import { visitorActor } from '#server/plugins/member-actor.ts'
import type { complaintsHandlers } from './complaints.handlers.ts'

/** POST /api/complaints.php: complaints and "report this profile". */
export const complaintsRoutes: FastifyPluginAsyncZod<{
  handlers: ReturnType<typeof complaintsHandlers>
}> = async (app, { handlers }) => {
  app.route({
    ...apiRoute(api.fileComplaint),
    config: { rateLimit: FORM_LIMITS.complaint },
    handler: async (request, reply) =>
      reply.code(201).send(await handlers.fileComplaint(request.body, visitorActor(request))),
  })
}
