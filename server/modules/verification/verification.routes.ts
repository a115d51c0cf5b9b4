import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { requireMember } from '#server/lib/require-member.ts'
import { readUpload, UPLOAD_LIMITS } from '#server/lib/uploads.ts'
import { staffActor } from '#server/modules/audit/audit.service.ts'
import type { verificationHandlers } from './verification.handlers.ts'
import type { VerificationService } from './verification.service.ts'

const perMember = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 hour',
    keyGenerator: (request: { member?: { userId: number } | null; ip: string }) =>
      request.member ? `member:${request.member.userId}` : request.ip,
  },
})

/** A member's live check (issue 37) and the moderators' queue of checks that wait for them. */
export const verificationRoutes: FastifyPluginAsyncZod<{
  verification: VerificationService
  handlers: ReturnType<typeof verificationHandlers>
}> = async (app, { verification, handlers }) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS })
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })

  app.route({
    ...apiRoute(api.verification),
    handler: async (request) => verification.status(requireMember(request)),
  })

  app.route({
    ...apiRoute(api.startVerification),
    config: perMember(30),
    handler: async (request, reply) => {
      const started = await verification.start(requireMember(request), request.site)
      return reply.code(201).send({ verification: started })
    },
  })

  app.route({
    ...apiRoute(api.verificationFrame),
    config: perMember(200),
    handler: async (request, reply) => {
      const member = requireMember(request)
      const { buffer, fields } = await readUpload(request, api.verificationFrame.form)
      return reply.code(201).send({ verification: await verification.addFrame(member, fields, buffer) })
    },
  })

  app.route({
    ...apiRoute(api.verificationQueue),
    handler: async () => verification.queue(),
  })

  app.route({
    ...apiRoute(api.decideVerification),
    handler: async (request) => handlers.decideVerification(request.body, staffActor(request)),
  })
}
