import type { FastifyPluginAsync } from 'fastify'
import { AppError } from '#server/lib/errors.ts'
import type { ChatService } from './chat.service.ts'

// Chat photos as storeImage names them in the chat folder: c/YYYY-MM/<32 hex>(-thumb).webp
const CHAT_PHOTO = /^c\/\d{4}-\d{2}\/[0-9a-f]{32}(-thumb)?\.webp$/

/**
 * GET /media/c/...: a photo sent in a chat, only to the two members of that chat (the rest of
 * /media is public and cached by anyone). Private and long-lived in the member's own browser cache.
 */
export const chatPhotosRoutes: FastifyPluginAsync<{ chat: ChatService }> = async (app, { chat }) => {
  app.get<{ Params: { '*': string } }>('/media/c/*', async (request, reply) => {
    const filename = `c/${request.params['*']}`
    const file =
      request.member && CHAT_PHOTO.test(filename)
        ? await chat.photoFile(request.member.userId, filename)
        : null
    if (!file) throw new AppError('photos.not_found', 404)
    return reply
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-length', file.size)
      .type('image/webp')
      .send(file.body)
  })
}
