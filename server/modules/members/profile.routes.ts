import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { requireMember } from '#server/lib/require-member.ts'
import type { ProfileService } from './profile.service.ts'

/** The member's own profile: GET and PUT /api/profile.php. */
export const profileRoutes: FastifyPluginAsyncZod<{ profiles: ProfileService }> = async (
  app,
  { profiles },
) => {
  app.route({
    ...apiRoute(api.ownProfile),
    handler: async (request) => ({
      profile: await profiles.getOwn(requireMember(request).userId, request.site.settings.cdn_prefix),
    }),
  })

  app.route({
    ...apiRoute(api.updateProfile),
    handler: async (request) => {
      const { userId } = requireMember(request)
      await profiles.update(userId, request.body, request.site.settings)
      return { profile: await profiles.getOwn(userId, request.site.settings.cdn_prefix) }
    },
  })
}
