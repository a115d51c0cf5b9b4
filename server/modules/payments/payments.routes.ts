import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { AppError } from '#server/lib/errors.ts'
import { acceptFormBodies } from '#server/lib/form-body.ts'
import { FORM_LIMITS } from '#server/lib/form-limits.ts'
import { requireMember } from '#server/lib/require-member.ts'
import { memberActor } from '#server/plugins/member-actor.ts'
import type { DirectDebitService } from './direct-debit.service.ts'
import type { DiscountsService } from './discounts.service.ts'
import type { offersHandlers } from './offers.handlers.ts'
import type { PaymentsService } from './payments.service.ts'

/** Credit bundles, payments and the provider's webhook (docs/architecture.md §7). */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService
  discounts: DiscountsService
  directDebit: DirectDebitService
  handlers: ReturnType<typeof offersHandlers>
}> = async (app, { payments, discounts, directDebit, handlers }) => {
  acceptFormBodies(app)
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })

  app.route({
    ...apiRoute(api.credits),
    handler: async (request) =>
      payments.packages(request.site, request.member, request.selectedCountry ?? request.geoCountry),
  })

  app.route({
    ...apiRoute(api.startPayment),
    handler: async (request) =>
      payments.start(requireMember(request), request.site, {
        package: request.body.package,
        method: request.body.method,
        code: request.body.code,
        locale: request.locale,
        origin: request.linkOrigin,
        checked_in: request.body.checked_in,
        ip: request.ip,
      }),
  })

  app.route({
    ...apiRoute(api.payment),
    handler: async (request) => payments.get(requireMember(request), request.query.id),
  })

  // /credits/repeat-order: the last bundle again on the saved card, in one step.
  app.route({
    ...apiRoute(api.repeatOffer),
    handler: async (request) => ({ offer: await payments.repeatOffer(requireMember(request), request.site) }),
  })

  app.route({
    ...apiRoute(api.repeatOrder),
    handler: async (request) =>
      payments.repeat(requireMember(request), request.site, request.linkOrigin, {
        locale: request.locale,
        checked_in: request.query.checked_in === 'true',
        ip: request.ip,
      }),
  })

  // /directdebit: the account details and an SMS code (POST), then the code (PUT).
  app.route({
    ...apiRoute(api.requestDirectDebit),
    config: { rateLimit: FORM_LIMITS.directDebitRequest },
    handler: async (request) =>
      directDebit.request(requireMember(request), request.site, request.body, request.locale),
  })

  app.route({
    ...apiRoute(api.confirmDirectDebit),
    config: { rateLimit: FORM_LIMITS.directDebitConfirm },
    handler: async (request) =>
      directDebit.confirm(requireMember(request), request.site, request.body, request.linkOrigin, {
        locale: request.locale,
        checked_in: request.body.checked_in,
        ip: request.ip,
      }),
  })

  app.route({
    ...apiRoute(api.transactions),
    handler: async (request) => payments.transactions(requireMember(request), request.site),
  })

  // Spec section 7: the query passed through (a code, with the bundle and method it is for), or
  // welcome=true for the time bonus; the client ignores errors of the welcome call.
  app.route({
    ...apiRoute(api.discountCode),
    handler: async (request) => {
      const { userId } = requireMember(request)
      const q = request.query
      if (q.welcome === 'true') return discounts.welcome(userId)
      if (!q.code) throw new AppError('discount.not_found', 404)
      const order = q.package ? await payments.orderOf(request.site, q.package, q.method) : null
      return discounts.check(userId, q.code, order, request.locale)
    },
  })

  app.route({
    ...apiRoute(api.stayOffer),
    handler: async (request) => handlers.stayOffer(request.body, memberActor(request)),
  })

  // The provider calls this with nothing but its payment id; the answer is the same whatever it is.
  app.route({
    ...apiRoute(api.paymentWebhook),
    config: { crossSite: true },
    handler: async (request) => {
      if (request.body?.id) await payments.webhook(request.body.id)
      return { ok: true as const }
    },
  })
}
