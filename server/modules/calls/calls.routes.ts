import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { AppError } from '#server/lib/errors.ts'
import { requireMember } from '#server/lib/require-member.ts'
import { hashToken } from '#server/lib/tokens.ts'
import type { ComplaintsService } from '#server/modules/complaints/complaints.service.ts'
import type { CallsService } from './calls.service.ts'

const perMember = (max: number, timeWindow: string) => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (request: { member?: { userId: number } | null; ip: string }) =>
      request.member ? `member:${request.member.userId}` : request.ip,
  },
})

/** Calls (issue 59, ADR 37): consent per conversation, starting, answering and ending a call, a report. */
export const callsRoutes: FastifyPluginAsyncZod<{
  calls: CallsService
  complaints: Pick<ComplaintsService, 'fileAsMember'>
}> = async (app, { calls, complaints }) => {
  /** The session a call is made or answered from: its end ends the call. */
  const session = (token: string | null) => {
    if (!token) throw new AppError('authentication_required', 403)
    return hashToken(token)
  }

  app.route({
    ...apiRoute(api.callConsent),
    handler: async (request) =>
      calls.availability(requireMember(request).userId, request.site, request.query.conversation),
  })

  app.route({
    ...apiRoute(api.setCallConsent),
    config: perMember(60, '1 hour'),
    handler: async (request) =>
      calls.consent(
        requireMember(request).userId,
        request.site,
        request.body.conversation,
        request.body.allowed,
      ),
  })

  app.route({
    ...apiRoute(api.startCall),
    config: perMember(30, '1 hour'),
    handler: async (request) =>
      calls.start(
        requireMember(request).userId,
        session(request.sessionToken),
        request.site,
        request.body.conversation,
        request.body.video,
      ),
  })

  app.route({
    ...apiRoute(api.answerCall),
    handler: async (request) =>
      calls.answer(
        requireMember(request).userId,
        session(request.sessionToken),
        request.body.call,
        request.body.accept,
      ),
  })

  app.route({
    ...apiRoute(api.endCall),
    handler: async (request) => {
      await calls.hangUp(requireMember(request).userId, request.body.call)
      return { ok: true as const }
    },
  })

  app.route({
    ...apiRoute(api.reportCall),
    config: perMember(20, '1 hour'),
    handler: async (request) => {
      const member = requireMember(request)
      const { profile, context } = await calls.reportable(member.userId, request.body.call)
      const report = await complaints.fileAsMember(
        member.userId,
        { reason: 'harassment', message: '', profile },
        { site: request.site, locale: request.locale },
        context,
      )
      return { id: report.id }
    },
  })
}
