import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { AppError } from '#server/lib/errors.ts'
import { requireMember } from '#server/lib/require-member.ts'
import { readUpload, UPLOAD_LIMITS } from '#server/lib/uploads.ts'
import { staffActor } from '#server/modules/audit/audit.service.ts'
import type { voicePromptsHandlers } from './voice-prompts.handlers.ts'
import { VOICE_PROMPT_BYTES, type VoicePromptsService } from './voice-prompts.service.ts'

/**
 * A profile's voice prompt (issue 58, point 6): GET, POST (multipart: the prompt, and the recording
 * in the upload's file field) and DELETE /api/profile-voice.php for its member; the moderators'
 * queue and decision under /api/admin/.
 */
export const voicePromptsRoutes: FastifyPluginAsyncZod<{
  voicePrompts: VoicePromptsService
  handlers: ReturnType<typeof voicePromptsHandlers>
}> = async (app, { voicePrompts, handlers }) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS })

  app.route({
    ...apiRoute(api.ownVoicePrompt),
    handler: async (request) => ({
      voice: await voicePrompts.get(requireMember(request).userId, request.site),
    }),
  })

  app.route({
    ...apiRoute(api.saveVoicePrompt),
    config: {
      rateLimit: {
        max: 30,
        timeWindow: '1 hour',
        keyGenerator: (request) => (request.member ? `member:${request.member.userId}` : request.ip),
      },
    },
    handler: async (request, reply) => {
      const member = requireMember(request)
      const { buffer, fields } = await readUpload(request, api.saveVoicePrompt.form, () => ({
        bytes: VOICE_PROMPT_BYTES,
        refusal: new AppError('voice.too_large', 413),
      }))
      const voice = await voicePrompts.save(member.userId, request.site, fields.prompt, buffer)
      return reply.code(201).send({ voice })
    },
  })

  app.route({
    ...apiRoute(api.removeVoicePrompt),
    handler: async (request) => {
      await voicePrompts.remove(requireMember(request).userId)
      return { ok: true as const }
    },
  })

  app.route({ ...apiRoute(api.voicePromptQueue), handler: async () => voicePrompts.queue() })

  app.route({
    ...apiRoute(api.reviewVoicePrompt),
    handler: async (request) => handlers.reviewVoicePrompt(request.body, staffActor(request)),
  })
}
