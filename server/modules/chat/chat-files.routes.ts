import type { FastifyPluginAsync } from 'fastify'
import { AppError } from '#server/lib/errors.ts'
import type { ChatService } from './chat.service.ts'

/**
 * GET /media/c/...: a file sent in a chat (a photo, its thumbnail, any kind of MESSAGE_FILES), only
 * to the two members of that chat (the rest of /media is public and cached by anyone), with the
 * type its kind serves it as. Private and long-lived in the member's own browser cache.
 */
export const chatFilesRoutes: FastifyPluginAsync<{ chat: ChatService }> = async (app, { chat }) => {
  app.get<{ Params: { '*': string } }>('/media/c/*', async (request, reply) => {
    const found = request.member
      ? await chat.messageFile(request.member.userId, `c/${request.params['*']}`)
      : null
    if (!found) throw new AppError('photos.not_found', 404)
    return reply
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-length', found.file.size)
      .type(found.type)
      .send(found.file.body)
  })
}
