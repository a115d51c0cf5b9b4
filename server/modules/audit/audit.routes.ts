import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import type { AuditService } from './audit.service.ts'

/** The audit log, for admins (GET /api/admin/audit.php). */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.route({
    ...apiRoute(api.audit),
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return audit.list(request.query)
    },
  })
}
