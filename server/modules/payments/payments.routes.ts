import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CreditsResponse,
  DirectDebitConfirm,
  DirectDebitInput,
  DirectDebitRequested,
  DiscountCode,
  DiscountOfferInput,
  DiscountQuery,
  PaymentCreated,
  PaymentInput,
  PaymentQuery,
  PaymentStatusResponse,
  RepeatOfferResponse,
  TransactionsResponse,
} from '#common/schemas/credits.ts'
import { AppError } from '#server/lib/errors.ts'
import { acceptFormBodies } from '#server/lib/form-body.ts'
import { requireMember } from '#server/lib/require-member.ts'
import type { DirectDebitService } from './direct-debit.service.ts'
import type { DiscountsService } from './discounts.service.ts'
import type { PaymentsService } from './payments.service.ts'

/** Credit bundles, payments and the provider's webhook (DESIGN.md section 7). */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService
  discounts: DiscountsService
  directDebit: DirectDebitService
}> = async (app, { payments, discounts, directDebit }) => {
  acceptFormBodies(app)
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })

  app.get(
    '/api/credits.php',
    { schema: { tags: ['payments'], response: { 200: CreditsResponse } } },
    async (request) =>
      payments.packages(request.site, request.member, request.selectedCountry ?? request.geoCountry),
  )

  app.post(
    '/api/payment.php',
    { schema: { tags: ['payments'], body: PaymentInput, response: { 200: PaymentCreated } } },
    async (request) =>
      payments.start(requireMember(request), request.site, {
        package: request.body.package,
        method: request.body.method,
        code: request.body.code,
        locale: request.locale,
        origin: request.linkOrigin,
      }),
  )

  app.get(
    '/api/payment.php',
    { schema: { tags: ['payments'], querystring: PaymentQuery, response: { 200: PaymentStatusResponse } } },
    async (request) => payments.get(requireMember(request), request.query.id),
  )

  // /credits/repeat-order: the last bundle again on the saved card, in one step.
  app.get(
    '/api/repeat-order.php',
    { schema: { tags: ['payments'], response: { 200: RepeatOfferResponse } } },
    async (request) => ({ offer: await payments.repeatOffer(requireMember(request), request.site) }),
  )

  app.post(
    '/api/repeat-order.php',
    { schema: { tags: ['payments'], response: { 200: PaymentCreated } } },
    async (request) => payments.repeat(requireMember(request), request.site, request.linkOrigin),
  )

  // /directdebit: the account details and an SMS code (POST), then the code (PUT).
  app.post(
    '/api/directdebit.php',
    {
      schema: { tags: ['payments'], body: DirectDebitInput, response: { 200: DirectDebitRequested } },
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    async (request) =>
      directDebit.request(requireMember(request), request.site, request.body, request.locale),
  )

  app.put(
    '/api/directdebit.php',
    {
      schema: { tags: ['payments'], body: DirectDebitConfirm, response: { 200: PaymentCreated } },
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    },
    async (request) =>
      directDebit.confirm(requireMember(request), request.site, request.body, request.linkOrigin),
  )

  app.get(
    '/api/transactions.php',
    { schema: { tags: ['payments'], response: { 200: TransactionsResponse } } },
    async (request) => payments.transactions(requireMember(request)),
  )

  // Spec section 7: the query passed through (a code, with the bundle and method it is for), or
  // welcome=true for the time bonus; the client ignores errors of the welcome call.
  app.get(
    '/api/discountcode.php',
    { schema: { tags: ['payments'], querystring: DiscountQuery, response: { 200: DiscountCode } } },
    async (request) => {
      const { userId } = requireMember(request)
      const q = request.query
      if (q.welcome === 'true') return discounts.welcome(userId)
      if (!q.code) throw new AppError('discount.not_found', 404)
      const order = q.package ? await payments.orderOf(request.site, q.package, q.method) : null
      return discounts.check(userId, q.code, order, request.locale)
    },
  )

  app.post(
    '/api/discountcode.php',
    { schema: { tags: ['payments'], body: DiscountOfferInput, response: { 200: DiscountCode } } },
    async (request) => discounts.stayOffer(requireMember(request).userId, request.site),
  )

  // The provider calls this with nothing but its payment id; the answer is the same whatever it is.
  app.post(
    '/api/payment-webhook.php',
    {
      schema: { tags: ['payments'], body: z.object({ id: z.string().max(100) }).partial() },
      // The provider calls it from its servers; only the id is read, and the status is asked of it.
      config: { crossSite: true },
    },
    async (request) => {
      if (request.body?.id) await payments.webhook(request.body.id)
      return { ok: true }
    },
  )
}
