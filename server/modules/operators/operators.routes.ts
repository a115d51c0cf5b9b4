import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { MESSAGE_KINDS } from '#common/message-kinds.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { AppError } from '#server/lib/errors.ts'
import { staffActor } from '#server/modules/audit/audit.service.ts'
import type { inboxHandlers } from './inbox.handlers.ts'
import type { InboxService } from './inbox.service.ts'

/** The operators' inbox calls (operators and admins). */
export const operatorsRoutes: FastifyPluginAsyncZod<{
  inbox: InboxService
  handlers: ReturnType<typeof inboxHandlers>
}> = async (app, { inbox, handlers }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })
  const me = (request: Parameters<typeof staffActor>[0]) => staffActor(request).staffId ?? 0

  app.route({ ...apiRoute(api.inbox), handler: async (request) => inbox.queue(me(request)) })
  app.route({
    ...apiRoute(api.claimConversation),
    handler: async (request) => handlers.claimConversation(request.body, staffActor(request)),
  })
  app.route({
    ...apiRoute(api.inboxConversation),
    handler: async (request) => inbox.conversation(me(request), request.query.conversation),
  })
  app.route({
    ...apiRoute(api.inboxVoice),
    handler: async (request, reply) => {
      const { conversation, message } = request.query
      const file = await inbox.voice(me(request), conversation, message)
      if (!file) throw new AppError('photos.not_found', 404)
      return reply.header('content-length', file.size).type(MESSAGE_KINDS.voice.file.m4a).send(file.body)
    },
  })
  app.route({
    ...apiRoute(api.answerConversation),
    handler: async (request) => handlers.answerConversation(request.body, staffActor(request)),
  })
  app.route({
    ...apiRoute(api.addMemberNote),
    handler: async (request, reply) => {
      reply.code(201)
      return handlers.addMemberNote(request.body, staffActor(request))
    },
  })
  app.route({
    ...apiRoute(api.releaseConversation),
    handler: async (request) => handlers.releaseConversation(request.body, staffActor(request)),
  })
}
