import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api, readTab, TAB_HEADER } from '#common/api.ts'
import type { NudgeAnswer } from '#common/safety.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { loadGate } from '#server/lib/load-gate.ts'
import { requireMember } from '#server/lib/require-member.ts'
import { hashToken } from '#server/lib/tokens.ts'
import { readUpload, UPLOAD_LIMITS } from '#server/lib/uploads.ts'
import type { ChatService } from './chat.service.ts'
import { uploadLimit } from './message-files.ts'

/**
 * Text and gift sends under way at once on a node, at most (issue 40, ADR 31): two batches of 64 in
 * the database and as many waiting for them. Past it a send is answered 503 at once.
 */
const SENDS_AT_ONCE = 128

/** Chats, messages (text, gifts, photos), reading and removing (spec section 7, docs/architecture.md §7). */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS })
  const sends = loadGate(SENDS_AT_ONCE, 'chat.busy')
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })
  /** Who sends, as the safety rules and the delivery read it: their language, nudge answer and tab. */
  const sender = (request: FastifyRequest, nudge: NudgeAnswer | undefined) => ({
    language: request.locale,
    nudge,
    tab: readTab(request.headers[TAB_HEADER]),
  })
  const sendSite = (site: FastifyRequest['site']) => ({
    id: site.id,
    costs: site.settings,
    cdnPrefix: site.settings.cdn_prefix,
    explicitThreshold: site.settings.explicit_photo_threshold,
    voiceMaxSeconds: site.settings.voice_max_seconds,
  })

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
    // The session is checked by chat_send, in the send's own round trip (issue 40, ADR 31).
    config: { sessionInQuery: true },
    onRequest: sends.enter,
    handler: async (request, reply) => {
      const b = request.body
      const out = {
        profile: b.profile,
        conversation: b.conversation,
        client_id: b.client_id,
        kind: b.gift ? ('gift' as const) : ('text' as const),
        text: b.text,
        payload: b.gift ? { gift: b.gift } : b.move ? { move: b.move, answer: null } : null,
        from: sender(request, b.nudge),
      }
      const token = request.sessionToken
      if (token && !request.member) {
        // An opening move's answer is checked against the profile first: the ordinary way.
        const sent = b.move ? null : await chat.sendOnSession(hashToken(token), out, sendSite(request.site))
        if (sent) return sent
        // Not vouched for there: the session read the ordinary way decides (and clears a dead cookie).
        await app.readSession(request, reply)
      }
      return chat.send(requireMember(request).userId, out, sendSite(request.site))
    },
  })

  app.route({
    ...apiRoute(api.sendFileMessage),
    config: {
      rateLimit: {
        max: 60,
        timeWindow: '1 hour',
        keyGenerator: (request) => (request.member ? `member:${request.member.userId}` : request.ip),
      },
    },
    handler: async (request) => {
      const { userId } = requireMember(request)
      const site = sendSite(request.site)
      const { buffer, fields } = await readUpload(request, api.sendFileMessage.form, ({ kind }) =>
        uploadLimit(kind, site),
      )
      const { nudge, ...to } = fields
      return chat.sendFile(userId, { ...to, from: sender(request, nudge) }, buffer, site)
    },
  })

  app.route({
    ...apiRoute(api.yourTurn),
    handler: async (request) => chat.yourTurn(requireMember(request).userId),
  })

  app.route({
    ...apiRoute(api.closeChat),
    handler: async (request) =>
      chat.close(
        requireMember(request).userId,
        request.body,
        sendSite(request.site),
        sender(request, undefined),
      ),
  })

  app.route({
    ...apiRoute(api.chatSafety),
    handler: async (request) =>
      chat.showExplicit(requireMember(request).userId, request.body.conversation, request.body.show_explicit),
  })

  app.route({
    ...apiRoute(api.reportProfile),
    config: {
      rateLimit: {
        max: 30,
        timeWindow: '1 hour',
        keyGenerator: (request) => (request.member ? `member:${request.member.userId}` : request.ip),
      },
    },
    handler: async (request) =>
      chat.reportProfile(requireMember(request).userId, request.body, {
        site: request.site,
        locale: request.locale,
      }),
  })

  app.route({
    ...apiRoute(api.reportMessage),
    config: {
      rateLimit: {
        max: 30,
        timeWindow: '1 hour',
        keyGenerator: (request) => (request.member ? `member:${request.member.userId}` : request.ip),
      },
    },
    handler: async (request) =>
      chat.reportMessage(requireMember(request).userId, request.body.message, {
        site: request.site,
        locale: request.locale,
      }),
  })

  app.route({
    ...apiRoute(api.readChat),
    handler: async (request) =>
      chat.read(requireMember(request).userId, request.body.conversation, request.body.up_to),
  })

  app.route({
    ...apiRoute(api.voicePlayed),
    handler: async (request) => chat.voicePlayed(requireMember(request).userId, request.body.message),
  })

  app.route({
    ...apiRoute(api.removeChat),
    handler: async (request) => chat.remove(requireMember(request).userId, request.body.conversation),
  })
}
