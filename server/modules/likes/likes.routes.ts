import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AutoLikeResponse,
  LikeInput,
  LikeResponse,
  LikeSeenResponse,
  LikesResponse,
  MatchFinderQuery,
  MatchFinderResponse,
  SwipeDeckResponse,
  SwipeInput,
  SwipeResponse,
} from '#common/schemas/likes.ts'
import { requireMember } from '#server/lib/require-member.ts'
import type { LikesService } from './likes.service.ts'
import type { SwipeService } from './swipe.service.ts'

/** Likes, the likes lists, automatic likes, the swipe game and the match finder. */
export const likesRoutes: FastifyPluginAsyncZod<{
  likes: LikesService
  swipes: SwipeService
}> = async (app, { likes, swipes }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })

  app.post(
    '/api/like.php',
    { schema: { tags: ['likes'], body: LikeInput, response: { 200: LikeResponse } } },
    async (request) => likes.like(requireMember(request).userId, request.body.profile),
  )

  app.delete(
    '/api/like.php',
    { schema: { tags: ['likes'], body: LikeInput, response: { 200: LikeResponse } } },
    async (request) => likes.unlike(requireMember(request).userId, request.body.profile),
  )

  app.put(
    '/api/like.php',
    { schema: { tags: ['likes'], body: LikeInput, response: { 200: LikeSeenResponse } } },
    async (request) => ({ seen: await likes.markSeen(requireMember(request).userId, request.body.profile) }),
  )

  app.get(
    '/api/likes.php',
    { schema: { tags: ['likes'], response: { 200: LikesResponse } } },
    async (request) => likes.list(requireMember(request).userId, request.site.settings.cdn_prefix),
  )

  app.get(
    '/api/auto-like.php',
    { schema: { tags: ['likes'], response: { 200: AutoLikeResponse } } },
    async (request) => likes.autoLike(requireMember(request).userId, request.site.settings.cdn_prefix),
  )

  app.get(
    '/api/swipe.php',
    { schema: { tags: ['likes'], response: { 200: SwipeDeckResponse } } },
    async (request) => swipes.deck(requireMember(request).userId, request.site.settings.cdn_prefix),
  )

  app.post(
    '/api/swipe.php',
    { schema: { tags: ['likes'], body: SwipeInput, response: { 200: SwipeResponse } } },
    async (request) => swipes.swipe(requireMember(request).userId, request.body.profile, request.body.like),
  )

  app.get(
    '/api/match-finder.php',
    { schema: { tags: ['likes'], querystring: MatchFinderQuery, response: { 200: MatchFinderResponse } } },
    async (request) =>
      likes.matchFinder(requireMember(request).userId, request.query, request.site.settings.cdn_prefix),
  )
}
