import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { MemberSearchQuery, MemberSearchResponse } from '#common/schemas/members.ts'
import { searchVisible } from '#common/search-visibility.ts'
import { AppError } from '#server/lib/errors.ts'
import type { MembersService } from './members.service.ts'

/** GET /api/members.php: member search. */
export const membersRoutes: FastifyPluginAsyncZod<{ members: MembersService }> = async (app, { members }) => {
  app.get(
    '/api/members.php',
    {
      schema: { tags: ['members'], querystring: MemberSearchQuery, response: { 200: MemberSearchResponse } },
    },
    async (request, reply) => {
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
  )
}
