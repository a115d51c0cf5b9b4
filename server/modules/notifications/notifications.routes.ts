import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { AppError } from '#server/lib/errors.ts'
import { acceptFormBodies } from '#server/lib/form-body.ts'
import { FORM_LIMITS } from '#server/lib/form-limits.ts'
import { requireMember } from '#server/lib/require-member.ts'
import { memberActor } from '#server/plugins/member-actor.ts'
import type { notificationsHandlers } from './notifications.handlers.ts'
import type { NotificationsService } from './notifications.service.ts'

/** Notification settings, the mails' unsubscribe links, the mail provider's webhook and the page-hidden beacon. */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService
  handlers: ReturnType<typeof notificationsHandlers>
}> = async (app, { notifications, handlers }) => {
  // RFC 8058: the mail client posts `List-Unsubscribe=One-Click` as a form.
  acceptFormBodies(app)

  app.route({
    ...apiRoute(api.notifications),
    handler: async (request) => notifications.get(requireMember(request).userId),
  })
  app.route({
    ...apiRoute(api.updateNotifications),
    handler: async (request) => handlers.updateNotifications(request.body, memberActor(request)),
  })

  app.route({
    ...apiRoute(api.unsubscribeLink),
    handler: async (request, reply) =>
      reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  })
  app.route({
    ...apiRoute(api.unsubscribe),
    // The mail client's servers post it, from no page of ours; the signed token is the authority.
    config: { crossSite: true, rateLimit: FORM_LIMITS.unsubscribe },
    handler: async (request) => notifications.unsubscribe(request.query.token),
  })

  app.route({
    ...apiRoute(api.mailEvents),
    config: { crossSite: true },
    handler: async (request) => {
      if (!(await notifications.receiveMailEvent(request.body))) {
        throw new AppError('notifications.signature_invalid', 401)
      }
      return { ok: true as const }
    },
  })

  app.route({
    ...apiRoute(api.pageHidden),
    // A beacon from a page closing: nothing to say to a visitor.
    handler: async (request) => {
      if (request.member) await notifications.away(request.member.userId)
      return { ok: true as const }
    },
  })
}
