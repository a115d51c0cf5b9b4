import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { requireMember } from '#server/lib/require-member.ts'
import type { ProfilePromptsService } from './profile-prompts.service.ts'

/** A profile's written prompts (issue 61, point 1): GET and PUT /api/profile-prompts.php for its member. */
export const profilePromptsRoutes: FastifyPluginAsyncZod<{ profilePrompts: ProfilePromptsService }> = async (
  app,
  { profilePrompts },
) => {
  app.route({
    ...apiRoute(api.ownPrompts),
    handler: async (request) => ({ answers: await profilePrompts.get(requireMember(request).userId) }),
  })

  app.route({
    ...apiRoute(api.savePrompts),
    handler: async (request) => {
      const member = requireMember(request)
      return { answers: await profilePrompts.save(member.userId, request.body.answers, request.locale) }
    },
  })
}
