import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { OkResponse } from '#common/schemas/accounts.ts'
import { PhotoResponse } from '#common/schemas/members.ts'
import { requireMember } from '#server/lib/require-member.ts'
import { readUpload, UPLOAD_LIMITS } from '#server/lib/uploads.ts'
import type { PhotosService } from './photos.service.ts'

/** POST /api/photos.php (multipart, field photo) and DELETE /api/photos.php {photo}. */
export const photosRoutes: FastifyPluginAsyncZod<{ photos: PhotosService }> = async (app, { photos }) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS })

  app.post(
    '/api/photos.php',
    {
      schema: { tags: ['photos'], consumes: ['multipart/form-data'], response: { 201: PhotoResponse } },
      // Per member: a member may fill 25 photos in one go; a visitor is refused anyway.
      config: {
        rateLimit: {
          max: 100,
          timeWindow: '1 hour',
          keyGenerator: (request) => (request.member ? `member:${request.member.userId}` : request.ip),
        },
      },
    },
    async (request, reply) => {
      const member = requireMember(request)
      const { buffer } = await readUpload(request, z.object({}))
      const photo = await photos.upload(member, buffer, request.site)
      return reply.code(201).send({ photo })
    },
  )

  app.put(
    '/api/photos.php',
    {
      schema: {
        tags: ['photos'],
        body: z.object({ photo: z.number().int().positive() }),
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await photos.makeMain(requireMember(request), request.body.photo)
      return { ok: true as const }
    },
  )

  app.delete(
    '/api/photos.php',
    {
      schema: {
        tags: ['photos'],
        body: z.object({ photo: z.number().int().positive() }),
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await photos.remove(requireMember(request), request.body.photo)
      return { ok: true as const }
    },
  )
}
