import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { requireStaff } from '#server/lib/require-staff.ts'
import { staffActor } from '#server/modules/audit/audit.service.ts'
import type { memberSupportHandlers } from './member-support.handlers.ts'
import type { MemberSupportService } from './member-support.service.ts'

/** Member support's console calls (support staff and admins). */
export const memberSupportRoutes: FastifyPluginAsyncZod<{
  support: MemberSupportService
  handlers: ReturnType<typeof memberSupportHandlers>
}> = async (app, { support, handlers }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })

  app.route({ ...apiRoute(api.lookUpMembers), handler: async (request) => support.lookUp(request.query.q) })
  app.route({
    ...apiRoute(api.memberFile),
    handler: async (request) => support.file(request.query.id, requireStaff(request, api.memberFile.roles)),
  })
  app.route({
    ...apiRoute(api.correctCredits),
    handler: async (request) => handlers.correctCredits(request.body, staffActor(request)),
  })
  app.route({
    ...apiRoute(api.supportAction),
    handler: async (request) => handlers.supportAction(request.body, staffActor(request)),
  })
}
