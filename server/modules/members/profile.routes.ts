import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { requireMember } from '#server/lib/require-member.ts'
import { memberActor } from '#server/plugins/member-actor.ts'
import type { profileHandlers } from './profile.handlers.ts'
import type { ProfileService } from './profile.service.ts'

/** The member's own profile: GET and PUT /api/profile.php. */
export const profileRoutes: FastifyPluginAsyncZod<{
  profiles: ProfileService
  handlers: ReturnType<typeof profileHandlers>
}> = async (app, { profiles, handlers }) => {
  app.route({
    ...apiRoute(api.ownProfile),
    handler: async (request) => ({
      profile: await profiles.getOwn(requireMember(request).userId, request.site.settings.cdn_prefix),
    }),
  })

  app.route({
    ...apiRoute(api.updateProfile),
    handler: async (request) => handlers.updateProfile(request.body, memberActor(request)),
  })
}
