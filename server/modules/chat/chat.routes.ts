import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { requireMember } from '#server/lib/require-member.ts'
import { readUpload, UPLOAD_LIMITS } from '#server/lib/uploads.ts'
import type { ChatService } from './chat.service.ts'

/** Chats, messages (text, gifts, photos), reading and removing (spec section 7, DESIGN.md section 7). */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS })
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })
  const siteCosts = (settings: {
    message_credits: number
    gift_credits: number
    photo_credits: number
    message_length: number
    gifts: readonly string[]
    cdn_prefix: string
  }) => ({ costs: settings, cdnPrefix: settings.cdn_prefix })

  app.route({
    ...apiRoute(api.chats),
    handler: async (request) => chat.list(requireMember(request).userId, request.site.settings.cdn_prefix),
  })

  app.route({
    ...apiRoute(api.conversation),
    handler: async (request) =>
      chat.conversation(requireMember(request).userId, request.query.id, request.site.settings.cdn_prefix),
  })

  app.route({
    ...apiRoute(api.messages),
    handler: async (request) => chat.messages(requireMember(request).userId, request.query),
  })

  app.route({
    ...apiRoute(api.sendMessage),
    handler: async (request) => {
      const { userId } = requireMember(request)
      const b = request.body
      return chat.send(
        userId,
        {
          profile: b.profile,
          conversation: b.conversation,
          clientId: b.client_id,
          kind: b.gift ? 'gift' : 'text',
          text: b.text,
          gift: b.gift,
        },
        siteCosts(request.site.settings),
      )
    },
  })

  app.route({
    ...apiRoute(api.sendPhotoMessage),
    config: {
      rateLimit: {
        max: 60,
        timeWindow: '1 hour',
        keyGenerator: (request) => (request.member ? `member:${request.member.userId}` : request.ip),
      },
    },
    handler: async (request) => {
      const { userId } = requireMember(request)
      const { buffer, fields: f } = await readUpload(request, api.sendPhotoMessage.form)
      return chat.sendPhoto(
        userId,
        { profile: f.profile, conversation: f.conversation, clientId: f.client_id, text: f.text },
        buffer,
        siteCosts(request.site.settings),
      )
    },
  })

  app.route({
    ...apiRoute(api.readChat),
    handler: async (request) => chat.read(requireMember(request).userId, request.body.conversation),
  })

  app.route({
    ...apiRoute(api.removeChat),
    handler: async (request) => chat.remove(requireMember(request).userId, request.body.conversation),
  })
}
