import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { requireMember } from '#server/lib/require-member.ts'
import { readUpload, UPLOAD_LIMITS } from '#server/lib/uploads.ts'
import type { PhotosService } from './photos.service.ts'

/** POST /api/photos.php (multipart, field photo) and DELETE /api/photos.php {photo}. */
export const photosRoutes: FastifyPluginAsyncZod<{ photos: PhotosService }> = async (app, { photos }) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS })

  app.route({
    ...apiRoute(api.uploadPhoto),
    config: {
      rateLimit: {
        max: 100,
        timeWindow: '1 hour',
        keyGenerator: (request) => (request.member ? `member:${request.member.userId}` : request.ip),
      },
    },
    handler: async (request, reply) => {
      const member = requireMember(request)
      const { buffer } = await readUpload(request, api.uploadPhoto.form)
      const photo = await photos.upload(member, buffer, request.site)
      return reply.code(201).send({ photo })
    },
  })

  app.route({
    ...apiRoute(api.mainPhoto),
    handler: async (request) => {
      await photos.makeMain(requireMember(request), request.body.photo)
      return { ok: true as const }
    },
  })

  app.route({
    ...apiRoute(api.removePhoto),
    handler: async (request) => {
      await photos.remove(requireMember(request), request.body.photo)
      return { ok: true as const }
    },
  })
}
