import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ComplaintInput, ComplaintResponse } from '#common/schemas/members.ts'
import type { ComplaintsService } from './complaints.service.ts'

/** POST /api/complaints.php: complaints and "report this profile". */
export const complaintsRoutes: FastifyPluginAsyncZod<{ complaints: ComplaintsService }> = async (
  app,
  { complaints },
) => {
  app.post(
    '/api/complaints.php',
    {
      schema: { tags: ['complaints'], body: ComplaintInput, response: { 201: ComplaintResponse } },
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const filed = await complaints.file(request.body, {
        site: request.site,
        locale: request.locale,
        userId: request.member?.userId ?? null,
      })
      return reply.code(201).send(filed)
    },
  )
}
