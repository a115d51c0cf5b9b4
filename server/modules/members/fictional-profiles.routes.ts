import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { readUpload, UPLOAD_LIMITS } from '#server/lib/uploads.ts'
import { staffActor } from '#server/modules/audit/audit.service.ts'
import type { fictionalProfilesHandlers } from './fictional-profiles.handlers.ts'
import type { FictionalProfilesService } from './fictional-profiles.service.ts'

/** The console's fictional profiles (operators and admins). */
export const fictionalProfilesRoutes: FastifyPluginAsyncZod<{
  fictional: FictionalProfilesService
  handlers: ReturnType<typeof fictionalProfilesHandlers>
}> = async (app, { fictional, handlers }) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS })
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })

  app.route({ ...apiRoute(api.fictionalProfiles), handler: async () => fictional.list() })
  app.route({
    ...apiRoute(api.fictionalProfile),
    handler: async (request) => fictional.get(request.query.id),
  })
  app.route({
    ...apiRoute(api.createFictional),
    handler: async (request, reply) => {
      reply.code(201)
      return handlers.createFictional(request.body, staffActor(request))
    },
  })
  app.route({
    ...apiRoute(api.updateFictional),
    handler: async (request) => handlers.updateFictional(request.body, staffActor(request)),
  })
  app.route({
    ...apiRoute(api.addFictionalPhoto),
    handler: async (request, reply) => {
      const actor = staffActor(request)
      const { buffer, fields } = await readUpload(request, api.addFictionalPhoto.form)
      reply.code(201)
      return fictional.addPhoto(fields.profile, buffer, actor)
    },
  })
  app.route({
    ...apiRoute(api.removeFictionalPhoto),
    handler: async (request) => handlers.removeFictionalPhoto(request.body, staffActor(request)),
  })
}
