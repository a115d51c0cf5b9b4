import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { requireMember } from '#server/lib/require-member.ts'
import { staffActor } from '#server/modules/audit/audit.service.ts'
import type { ProfilePromptsService } from './profile-prompts.service.ts'

/**
 * A profile's written prompts and opening moves (issue 61, points 1 and 2): GET and PUT
 * /api/profile-prompts.php for its member, and /api/admin/fictional-prompts.php for the operators
 * who write a fictional profile's.
 */
export const profilePromptsRoutes: FastifyPluginAsyncZod<{ profilePrompts: ProfilePromptsService }> = async (
  app,
  { profilePrompts },
) => {
  app.route({
    ...apiRoute(api.ownPrompts),
    handler: async (request) => profilePrompts.get(requireMember(request).userId),
  })

  app.route({
    ...apiRoute(api.savePrompts),
    handler: async (request) =>
      profilePrompts.save(requireMember(request).userId, request.body, request.locale),
  })

  app.route({
    ...apiRoute(api.fictionalPrompts),
    handler: async (request) => profilePrompts.ofFictional(request.query.id),
  })

  app.route({
    ...apiRoute(api.saveFictionalPrompts),
    handler: async (request) =>
      profilePrompts.saveFictional(request.body, staffActor(request), request.locale),
  })
}
