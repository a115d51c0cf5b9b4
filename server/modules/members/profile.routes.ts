import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { OwnProfileResponse, ProfileUpdateInput } from '#common/schemas/members.ts'
import { requireMember } from '#server/lib/require-member.ts'
import type { ProfileService } from './profile.service.ts'

/** The member's own profile: GET and PUT /api/profile.php. */
export const profileRoutes: FastifyPluginAsyncZod<{ profiles: ProfileService }> = async (
  app,
  { profiles },
) => {
  app.get(
    '/api/profile.php',
    { schema: { tags: ['members'], response: { 200: OwnProfileResponse } } },
    async (request) => ({
      profile: await profiles.getOwn(requireMember(request).userId, request.site.settings.cdn_prefix),
    }),
  )

  app.put(
    '/api/profile.php',
    { schema: { tags: ['members'], body: ProfileUpdateInput, response: { 200: OwnProfileResponse } } },
    async (request) => ({
      profile: await profiles.update(
        requireMember(request).userId,
        request.body,
        request.site.settings.cdn_prefix,
        request.site.settings.countries,
      ),
    }),
  )
}
