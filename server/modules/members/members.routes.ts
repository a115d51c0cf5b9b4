import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  BlockInput,
  BlockResponse,
  MemberDetailResponse,
  MemberQuery,
  MemberSearchQuery,
  MemberSearchResponse,
} from '#common/schemas/members.ts'
import { searchVisible } from '#common/search-visibility.ts'
import { AppError } from '#server/lib/errors.ts'
import { requireMember } from '#server/lib/require-member.ts'
import type { MemberPageService } from './member-page.service.ts'
import type { MembersService } from './members.service.ts'

/** GET /api/members.php: member search. */
export const membersRoutes: FastifyPluginAsyncZod<{
  members: MembersService
  memberPages: MemberPageService
}> = async (app, { members, memberPages }) => {
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

  app.get(
    '/api/member.php',
    { schema: { tags: ['members'], querystring: MemberQuery, response: { 200: MemberDetailResponse } } },
    async (request) => {
      const profile = await memberPages.get(request.query.id, request.member, request.site, request.locale)
      if (!profile) throw new AppError('member.not_found', 404)
      return { profile }
    },
  )

  app.post(
    '/api/block.php',
    { schema: { tags: ['members'], body: BlockInput, response: { 200: BlockResponse } } },
    async (request) => ({
      blocked: await memberPages.block(requireMember(request).userId, request.body.profile, true),
    }),
  )

  app.delete(
    '/api/block.php',
    { schema: { tags: ['members'], body: BlockInput, response: { 200: BlockResponse } } },
    async (request) => ({
      blocked: await memberPages.block(requireMember(request).userId, request.body.profile, false),
    }),
  )
}
