import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ChatInput,
  ChatsResponse,
  ConversationResponse,
  MessagesQuery,
  MessagesResponse,
  PhotoMessageFields,
  ReadResponse,
  RemoveResponse,
  SendMessageInput,
  SendMessageResponse,
} from '#common/schemas/chat.ts'
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
    cdn_prefix: string
  }) => ({ costs: settings, cdnPrefix: settings.cdn_prefix })

  app.get(
    '/api/chats.php',
    { schema: { tags: ['chat'], response: { 200: ChatsResponse } } },
    async (request) => chat.list(requireMember(request).userId, request.site.settings.cdn_prefix),
  )

  app.get(
    '/api/conversation.php',
    {
      schema: {
        tags: ['chat'],
        querystring: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: ConversationResponse },
      },
    },
    async (request) =>
      chat.conversation(requireMember(request).userId, request.query.id, request.site.settings.cdn_prefix),
  )

  app.get(
    '/api/messages.php',
    { schema: { tags: ['chat'], querystring: MessagesQuery, response: { 200: MessagesResponse } } },
    async (request) => chat.messages(requireMember(request).userId, request.query),
  )

  app.post(
    '/api/message.php',
    { schema: { tags: ['chat'], body: SendMessageInput, response: { 200: SendMessageResponse } } },
    async (request) => {
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
  )

  app.post(
    '/api/message-photo.php',
    {
      schema: { tags: ['chat'], consumes: ['multipart/form-data'], response: { 200: SendMessageResponse } },
      config: {
        rateLimit: {
          max: 60,
          timeWindow: '1 hour',
          keyGenerator: (request) => (request.member ? `member:${request.member.userId}` : request.ip),
        },
      },
    },
    async (request) => {
      const { userId } = requireMember(request)
      const { buffer, fields: f } = await readUpload(request, PhotoMessageFields)
      return chat.sendPhoto(
        userId,
        { profile: f.profile, conversation: f.conversation, clientId: f.client_id, text: f.text },
        buffer,
        siteCosts(request.site.settings),
      )
    },
  )

  app.put(
    '/api/chat.php',
    { schema: { tags: ['chat'], body: ChatInput, response: { 200: ReadResponse } } },
    async (request) => chat.read(requireMember(request).userId, request.body.conversation),
  )

  app.delete(
    '/api/chat.php',
    { schema: { tags: ['chat'], body: ChatInput, response: { 200: RemoveResponse } } },
    async (request) => chat.remove(requireMember(request).userId, request.body.conversation),
  )
}
