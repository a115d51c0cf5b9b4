import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { AppError } from '#server/lib/errors.ts'
import { FORM_LIMITS } from '#server/lib/form-limits.ts'
import { staffActor } from '#server/modules/audit/audit.service.ts'
import { visitorActor } from '#server/plugins/member-actor.ts'
import type { appealsHandlers } from './appeals.handlers.ts'
import type { BansService } from './bans.service.ts'
import type { moderationHandlers } from './moderation.handlers.ts'
import type { PhotoReviewService } from './photo-review.service.ts'
import type { ReportsService } from './reports.service.ts'
import type { SignalsService } from './signals.service.ts'

/** The moderators' calls (the photo and report queues and their decisions) and a member's appeal. */
export const moderationRoutes: FastifyPluginAsyncZod<{
  photoReview: PhotoReviewService
  reports: ReportsService
  signals: SignalsService
  bans: BansService
  handlers: ReturnType<typeof moderationHandlers> & ReturnType<typeof appealsHandlers>
}> = async (app, { photoReview, reports, signals, bans, handlers }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })

  app.route({
    ...apiRoute(api.photoQueue),
    handler: async (request) => photoReview.queue(request.query.after),
  })

  app.route({
    ...apiRoute(api.reportQueue),
    handler: async (request) => reports.queue(staffActor(request).staffId),
  })

  app.route({
    ...apiRoute(api.reportPhoto),
    handler: async (request, reply) => {
      const found = await reports.photo(request.query.report, request.query.message, request.query.size)
      if (!found) throw new AppError('photos.not_found', 404)
      return reply.header('content-length', found.file.size).type(found.type).send(found.file.body)
    },
  })

  app.route({
    ...apiRoute(api.decideReport),
    handler: async (request) => handlers.decideReport(request.body, staffActor(request)),
  })

  app.route({
    ...apiRoute(api.moderateMember),
    handler: async (request) => handlers.moderateMember(request.body, staffActor(request)),
  })

  app.route({
    ...apiRoute(api.appeal),
    config: { rateLimit: FORM_LIMITS.appeal },
    handler: async (request) => handlers.appeal(request.body, visitorActor(request)),
  })

  app.route({
    ...apiRoute(api.signalQueue),
    handler: async () => signals.queue(),
  })

  app.route({
    ...apiRoute(api.reviewSignal),
    handler: async (request) => handlers.reviewSignal(request.body, staffActor(request)),
  })

  app.route({
    ...apiRoute(api.bans),
    handler: async () => bans.list(),
  })

  app.route({
    ...apiRoute(api.addBan),
    handler: async (request, reply) => {
      reply.code(201)
      return handlers.addBan(request.body, staffActor(request))
    },
  })

  app.route({
    ...apiRoute(api.removeBan),
    handler: async (request) => handlers.removeBan(request.body, staffActor(request)),
  })

  app.route({
    ...apiRoute(api.reviewPhoto),
    handler: async (request) => handlers.reviewPhoto(request.body, staffActor(request)),
  })
}
