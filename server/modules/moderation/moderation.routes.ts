import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { staffActor } from '#server/modules/audit/audit.service.ts'
import type { PhotoReviewService } from './photo-review.service.ts'

/** The moderators' calls: the photo queue and its decisions. */
export const moderationRoutes: FastifyPluginAsyncZod<{ photoReview: PhotoReviewService }> = async (
  app,
  { photoReview },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })

  app.route({
    ...apiRoute(api.photoQueue),
    handler: async (request) => photoReview.queue(request.query.after),
  })

  app.route({
    ...apiRoute(api.reviewPhoto),
    handler: async (request) => photoReview.review(request.body, staffActor(request)),
  })
}
