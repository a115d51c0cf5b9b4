import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
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

  app.route({
    ...apiRoute(api.like),
    handler: async (request) => likes.like(requireMember(request).userId, request.body.profile),
  })

  app.route({
    ...apiRoute(api.unlike),
    handler: async (request) => likes.unlike(requireMember(request).userId, request.body.profile),
  })

  app.route({
    ...apiRoute(api.likeSeen),
    handler: async (request) => ({
      seen: await likes.markSeen(requireMember(request).userId, request.body.profile),
    }),
  })

  app.route({
    ...apiRoute(api.likes),
    handler: async (request) => likes.list(requireMember(request).userId, request.site.settings.cdn_prefix),
  })

  app.route({
    ...apiRoute(api.autoLike),
    handler: async (request) =>
      likes.autoLike(requireMember(request).userId, request.site.settings.cdn_prefix),
  })

  app.route({
    ...apiRoute(api.swipeDeck),
    handler: async (request) => swipes.deck(requireMember(request).userId, request.site.settings.cdn_prefix),
  })

  app.route({
    ...apiRoute(api.swipe),
    handler: async (request) =>
      swipes.swipe(requireMember(request).userId, request.body.profile, request.body.like),
  })

  app.route({
    ...apiRoute(api.matchFinder),
    handler: async (request) =>
      likes.matchFinder(requireMember(request).userId, request.query, request.site.settings.cdn_prefix),
  })
}
