import { MESSAGE_FLAGS, type MessageFlag } from '#common/safety.ts'
import type { GiftKey, Message } from '#common/schemas/chat.ts'
import { mediaUrl } from '#server/lib/media-url.ts'
import type { MessageRow } from './chat.queries.ts'

/** Chat photos are always served by the app, which checks who asks (never through a public CDN). */
const CHAT_PHOTO_PREFIX = '/media'

/** A stored message as the API and the WebSocket send it. */
export const messageView = (row: MessageRow, senderProfileId: number): Message => ({
  id: row.id,
  conversation: row.conversationId,
  profile: senderProfileId,
  kind: row.kind as Message['kind'],
  text: row.body,
  gift: (row.giftKey as GiftKey | null) ?? null,
  photo:
    row.photoFilename && row.photoThumb
      ? {
          filename: mediaUrl(CHAT_PHOTO_PREFIX, row.photoFilename),
          thumb_filename: mediaUrl(CHAT_PHOTO_PREFIX, row.photoThumb),
        }
      : null,
  client_id: row.clientId,
  created_at: row.createdAt.toISOString(),
  flags: row.flags.filter((f): f is MessageFlag => (MESSAGE_FLAGS as readonly string[]).includes(f)),
})
