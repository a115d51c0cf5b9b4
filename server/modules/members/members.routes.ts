import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { searchVisible } from '#common/search-visibility.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { AppError } from '#server/lib/errors.ts'
import { requireMember } from '#server/lib/require-member.ts'
import type { MemberPageService } from './member-page.service.ts'
import type { MembersService } from './members.service.ts'

/** GET /api/members.php: member search. */
export const membersRoutes: FastifyPluginAsyncZod<{
  members: MembersService
  memberPages: MemberPageService
}> = async (app, { members, memberPages }) => {
  app.route({
    ...apiRoute(api.members),
    handler: async (request, reply) => {
      const s = request.site.settings
      const visible = searchVisible({
        loggedIn: request.member !== null,
        loggedOutSearch: s.logged_out_search,
        loggedOutSearchTrafficsource: s.logged_out_search_trafficsource,
        hasTrafficSource: Boolean(request.cookies.network),
      })
      if (!visible) throw new AppError('authentication_required', 403)
      reply.header('cache-control', 'private, no-store')
      return members.search(request.query, request.member?.userId ?? null, s.cdn_prefix)
    },
  })

  app.route({
    ...apiRoute(api.member),
    handler: async (request) => {
      const profile = await memberPages.get(request.query.id, request.member, request.site, request.locale)
      if (!profile) throw new AppError('member.not_found', 404)
      return { profile }
    },
  })

  app.route({
    ...apiRoute(api.block),
    handler: async (request) => ({
      blocked: await memberPages.block(requireMember(request).userId, request.body.profile, true),
    }),
  })

  app.route({
    ...apiRoute(api.unblock),
    handler: async (request) => ({
      blocked: await memberPages.block(requireMember(request).userId, request.body.profile, false),
    }),
  })
}
