import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CreditsResponse,
  PaymentCreated,
  PaymentInput,
  PaymentQuery,
  PaymentStatusResponse,
  TransactionsResponse,
} from '#common/schemas/credits.ts'
import { requireMember } from '#server/plugins/session.ts'
import type { PaymentsService } from './payments.service.ts'

/** Credit bundles, payments and the provider's webhook (DESIGN.md section 7). */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))))
  })
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
        locale: request.locale,
        origin: request.linkOrigin,
      }),
  )

  app.get(
    '/api/payment.php',
    { schema: { tags: ['payments'], querystring: PaymentQuery, response: { 200: PaymentStatusResponse } } },
    async (request) => payments.get(requireMember(request), request.query.id),
  )

  app.get(
    '/api/transactions.php',
    { schema: { tags: ['payments'], response: { 200: TransactionsResponse } } },
    async (request) => payments.transactions(requireMember(request)),
  )

  // The provider calls this with nothing but its payment id; the answer is the same whatever it is.
  app.post(
    '/api/payment-webhook.php',
    { schema: { tags: ['payments'], body: z.object({ id: z.string().max(100) }).partial() } },
    async (request) => {
      if (request.body?.id) await payments.webhook(request.body.id)
      return { ok: true }
    },
  )
}
