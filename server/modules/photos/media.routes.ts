import { mkdirSync } from 'node:fs'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'
import { AppError } from '#server/lib/errors.ts'
import { type MediaStore, PUBLIC_MEDIA_FOLDERS } from '#server/lib/media-store.ts'

/** Uploaded and generated photos never change under a name: cached for a month, as immutable. */
const PUBLIC_CACHE = 'public, max-age=2592000, immutable'

/**
 * GET /media/...: the public photos (profile photos, demo portraits) below the local cdn_prefix.
 * From this node's directory as static files, or read from the bucket every node shares (ADR 22);
 * a CDN in front of the bucket may serve them instead, where a site's cdn_prefix points to it.
 * Chat photos (/media/c/...) have a route of their own that checks who asks; nothing else in the
 * bucket (its private/ folder) is served.
 */
export const mediaRoutes: FastifyPluginAsync<{ media: MediaStore }> = async (app, { media }) => {
  if (media.dir) {
    mkdirSync(media.dir, { recursive: true })
    await app.register(fastifyStatic, {
      root: media.dir,
      prefix: '/media/',
      decorateReply: false,
      immutable: true,
      maxAge: '30d',
      index: false,
    })
    return
  }
  const isPublic = (key: string) => (PUBLIC_MEDIA_FOLDERS as readonly string[]).includes(key.split('/')[0])
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const key = request.params['*']
    const file = isPublic(key) ? await media.get(key) : null
    if (!file) throw new AppError('photos.not_found', 404)
    return reply
      .header('cache-control', PUBLIC_CACHE)
      .header('content-length', file.size)
      .type(file.contentType)
      .send(file.body)
  })
}
