import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { FORM_LIMITS } from '#server/lib/form-limits.ts'
import type { ComplaintsService } from './complaints.service.ts'

/** POST /api/complaints.php: complaints and "report this profile". */
export const complaintsRoutes: FastifyPluginAsyncZod<{ complaints: ComplaintsService }> = async (
  app,
  { complaints },
) => {
  app.route({
    ...apiRoute(api.fileComplaint),
    config: { rateLimit: FORM_LIMITS.complaint },
    handler: async (request, reply) => {
      const filed = await complaints.file(request.body, {
        site: request.site,
        locale: request.locale,
        userId: request.member?.userId ?? null,
      })
      return reply.code(201).send(filed)
    },
  })
}
