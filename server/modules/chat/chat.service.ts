import { rm } from 'node:fs/promises'
import path from 'node:path'
import {
  CHAT_HISTORY_LIMIT,
  CHATS_LIST_LIMIT,
  FREE_CONVERSATIONS,
  MESSAGES_PAGE_SIZE,
} from '#common/constants.ts'
import type {
  ChatsResponse,
  ConversationResponse,
  GiftKey,
  Message,
  MessagesResponse,
  SendMessageResponse,
} from '#common/schemas/chat.ts'
import type { SiteSettings } from '#common/schemas/sites.ts'
import { type Db, isUniqueViolation } from '#server/db/client.ts'
import { mediaUrl, toPublicProfile } from '#server/db/profile-cards.ts'
import { createBatcher } from '#server/lib/batches.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/events.ts'
import { storeImage } from '#server/lib/images.ts'
import {
  type MessageRow,
  markRead,
  removeChat,
  type SendRequest,
  selectBlocksWith,
  selectChats,
  selectHistoryFloor,
  selectMembership,
  selectMembershipWith,
  selectMessages,
  selectPartnerByProfile,
  selectPartnerCard,
  selectPartnerLastRead,
  selectPhotoConversation,
  selectProfileIdOfUser,
  selectUnreadTotal,
  sendMessages,
} from './chat.queries.ts'

/** Chat photos are always served by the app, which checks who asks (never through a public CDN). */
export const CHAT_PHOTO_PREFIX = '/media'

export type ChatService = ReturnType<typeof createChatService>

type Costs = Pick<SiteSettings, 'message_credits' | 'gift_credits' | 'photo_credits' | 'message_length'>

interface Outgoing {
  /** A profile (opening or continuing the conversation with its member) or a conversation. */
  profile?: number
  conversation?: number
  clientId: string
  kind: 'text' | 'gift' | 'photo'
  text: string
  gift?: GiftKey
  photo?: { filename: string; thumbFilename: string }
}

/** The HTTP status of each reason chat_send gives for refusing a send. */
const REFUSALS: Record<string, number> = {
  authentication_required: 403,
  'chat.not_found': 404,
  'member.not_found': 404,
  'chat.self': 400,
  'member.blocked': 403,
  'chat.blocked_by_you': 403,
  'credits.insufficient': 402,
}

/**
 * Conversations and paid messages (spec sections 4, 6 and 9): the debit and the message are one
 * transaction; a retried send (same client_id) sends and debits nothing twice.
 */
export function createChatService(
  db: Db,
  deps: { events: EventBus; mediaDir: string; historyLimit?: number },
) {
  const historyLimit = deps.historyLimit ?? CHAT_HISTORY_LIMIT
  // Sends that arrive while a batch is in the database go together in the next one (group commit).
  const sendBatched = createBatcher((sends: SendRequest[]) => sendMessages(db, sends))

  const toMessage = (row: MessageRow, senderProfileId: number): Message => ({
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
  })

  async function send(
    senderUserId: number,
    out: Outgoing,
    site: { costs: Costs; cdnPrefix: string },
  ): Promise<SendMessageResponse> {
    const text = out.text.trim()
    if (out.kind === 'text' && text.length === 0) throw new AppError('chat.empty', 400)
    if (text.length > site.costs.message_length) {
      throw new AppError('chat.too_long', 400, { max: site.costs.message_length })
    }
    const price =
      out.kind === 'gift'
        ? site.costs.gift_credits
        : out.kind === 'photo'
          ? site.costs.photo_credits
          : site.costs.message_credits
    const outcome = await sendBatched({
      sender: senderUserId,
      client_id: out.clientId,
      profile: out.conversation === undefined ? (out.profile ?? 0) : null,
      conversation: out.conversation ?? null,
      kind: out.kind,
      body: text,
      gift_key: out.gift ?? null,
      photo_filename: out.photo?.filename ?? null,
      photo_thumb: out.photo?.thumbFilename ?? null,
      price,
      free_limit: FREE_CONVERSATIONS,
    }).catch((error: unknown) => {
      // The ledger keys a debit by the client_id: one already written for a message since removed.
      if (isUniqueViolation(error, 'credit_ledger_once')) throw new AppError('credits.already_applied', 409)
      throw error
    })
    if ('error' in outcome) {
      const status = REFUSALS[outcome.error]
      if (status === undefined) throw new Error(`chat_send answered an unknown refusal: ${outcome.error}`)
      throw new AppError(
        outcome.error,
        status,
        outcome.name === undefined ? undefined : { name: outcome.name },
      )
    }
    const message = toMessage(outcome.message, outcome.senderProfileId)
    if (outcome.fresh) {
      const { partnerUserId, unread, charged } = outcome.fresh
      const conversation = message.conversation
      deps.events.emit({ type: 'message.created', userId: senderUserId, conversation, message })
      deps.events.emit({ type: 'message.created', userId: partnerUserId, conversation, message })
      deps.events.emit({ type: 'chat.unread', userId: partnerUserId, conversation, unread })
      if (charged)
        deps.events.emit({ type: 'credits.changed', userId: senderUserId, credits: outcome.credits })
    }
    return { message, conversation: message.conversation, credits: outcome.credits }
  }

  /**
   * The member's side of a conversation they may still open: 404 when they are not part of it, 403
   * member.blocked when the partner blocked them; `blockedByMe` when they blocked the partner.
   */
  async function openMembership(userId: number, conversationId: number) {
    const membership = await selectMembership(db, conversationId, userId)
    if (!membership) throw new AppError('chat.not_found', 404)
    const between = await selectBlocksWith(db, userId, membership.partnerUserId)
    if (between.blockedByThem) {
      const partner = await selectProfileIdOfUser(db, membership.partnerUserId)
      throw new AppError('member.blocked', 403, { name: partner?.name ?? '' })
    }
    return { ...membership, blockedByMe: between.blockedByMe }
  }

  return {
    send,

    /** POST /api/message-photo.php: the photo goes through the same pipeline as profile photos. */
    async sendPhoto(
      senderUserId: number,
      to: { profile?: number; conversation?: number; clientId: string; text: string },
      file: Buffer,
      site: { costs: Costs; cdnPrefix: string },
    ) {
      const stored = await storeImage(file, deps.mediaDir, 'c')
      const discard = () =>
        Promise.all(
          [stored.filename, stored.thumbFilename].map((f) =>
            rm(path.join(deps.mediaDir, f), { force: true }),
          ),
        )
      try {
        const sent = await send(senderUserId, { ...to, kind: 'photo', photo: stored }, site)
        // A retried send answers the photo of its first attempt: this copy is not needed.
        if (!sent.message.photo?.filename.endsWith(`/${stored.filename}`)) await discard()
        return sent
      } catch (error) {
        await discard()
        throw error
      }
    },

    /** GET /api/chats.php: the member's conversations, newest first, partners they may still see. */
    async list(userId: number, cdnPrefix: string): Promise<ChatsResponse> {
      const rows = await selectChats(db, userId, CHATS_LIST_LIMIT)
      return {
        chats: rows.map((r) => ({
          conversation: r.conversationId,
          profile: toPublicProfile(r.card, cdnPrefix),
          num_unread_messages: r.unread,
          last_message: r.last
            ? {
                kind: r.last.kind as Message['kind'],
                text: r.last.body,
                from_me: Number(r.last.sender_user_id) === userId,
                created_at: new Date(r.last.created_at).toISOString(),
              }
            : null,
          partner_last_read: r.partnerLastRead,
        })),
      }
    },

    /**
     * GET /api/conversation.php: the partner of one of the member's conversations; 403 when the
     * partner blocked the member; `blocked_by_me` when the member blocked the partner (to unblock).
     */
    async conversation(
      userId: number,
      conversationId: number,
      cdnPrefix: string,
    ): Promise<ConversationResponse> {
      const membership = await selectMembership(db, conversationId, userId)
      if (!membership) throw new AppError('chat.not_found', 404)
      const partner = await selectProfileIdOfUser(db, membership.partnerUserId)
      const blocks = partner ? await selectPartnerByProfile(db, partner.id, userId) : null
      const card = partner ? await selectPartnerCard(db, partner.id) : null
      if (!partner || !blocks || !card) throw new AppError('chat.not_found', 404)
      if (blocks.blockedByThem) throw new AppError('member.blocked', 403, { name: partner.name })
      return {
        conversation: conversationId,
        profile: toPublicProfile(card, cdnPrefix),
        blocked_by_me: blocks.blockedByMe,
      }
    },

    /** The member's conversation with a profile's member, if any (/members/{id}/chat). */
    async conversationWith(userId: number, profileId: number) {
      const partner = await selectPartnerByProfile(db, profileId, userId)
      if (!partner) return null
      const membership = await selectMembershipWith(db, userId, partner.userId)
      return membership?.conversationId ?? null
    },

    /**
     * GET /api/messages.php: newest first from `before` (keyset), or what came after `after` (catching
     * up); never past the member's removal nor the chat history limit. Only members of the chat read it.
     */
    async messages(
      userId: number,
      q: { conversation: number; before?: number; after?: number },
    ): Promise<MessagesResponse> {
      const membership = await openMembership(userId, q.conversation)
      const [floor, partnerProfile] = await Promise.all([
        selectHistoryFloor(db, q.conversation, historyLimit),
        selectProfileIdOfUser(db, membership.partnerUserId),
      ])
      const above = Math.max(membership.clearedUpTo, floor > 0 ? floor - 1 : 0)
      const rows = await selectMessages(db, q.conversation, {
        above,
        before: q.before,
        after: q.after,
        limit: MESSAGES_PAGE_SIZE + 1,
      })
      const hasMore = rows.length > MESSAGES_PAGE_SIZE
      const page = rows.slice(0, MESSAGES_PAGE_SIZE)
      if (q.after === undefined) page.reverse()
      const ownProfile = await selectProfileIdOfUser(db, userId)
      const profileOf = (sender: number) =>
        sender === userId ? (ownProfile?.id ?? 0) : (partnerProfile?.id ?? 0)
      // The top of what may be read: older messages exist beyond the history limit.
      const olderHidden =
        q.after === undefined &&
        !hasMore &&
        floor > 0 &&
        (await selectMessages(db, q.conversation, { above: membership.clearedUpTo, before: floor, limit: 1 }))
          .length > 0
      return {
        messages: page.map((row) => toMessage(row, profileOf(row.senderUserId))),
        has_more: q.after === undefined ? hasMore : false,
        older_hidden: olderHidden,
        partner_last_read: await selectPartnerLastRead(db, q.conversation, membership.partnerUserId),
      }
    },

    /** PUT /api/chat.php: the member read the conversation; their partner learns it (read receipts). */
    async read(userId: number, conversationId: number) {
      const membership = await openMembership(userId, conversationId)
      const lastRead = await markRead(db, conversationId, userId)
      const total = await selectUnreadTotal(db, userId)
      // A member who blocked the partner reads in silence: no receipt reaches the partner.
      if (lastRead > membership.lastReadMessageId && !membership.blockedByMe) {
        deps.events.emit({
          type: 'message.read',
          userId: membership.partnerUserId,
          conversation: conversationId,
          lastRead,
        })
      }
      deps.events.emit({ type: 'chat.unread', userId, conversation: conversationId, unread: 0 })
      return { num_unread_messages: 0, unread_total: total }
    },

    /** DELETE /api/chat.php (spec section 7): the chat leaves the member's list until a new message. */
    async remove(userId: number, conversationId: number) {
      const removed = await removeChat(db, conversationId, userId)
      if (!removed) throw new AppError('chat.not_found', 404)
      deps.events.emit({ type: 'chat.removed', userId, conversation: conversationId })
      return { removed: true }
    },

    /**
     * The file of a chat photo (display or thumbnail) for a member of its conversation whom the
     * partner has not blocked; null for anyone else.
     */
    async photoFile(userId: number, filename: string): Promise<string | null> {
      const display = filename.replace(/-thumb\.webp$/, '.webp')
      const conversationId = await selectPhotoConversation(db, display)
      if (conversationId === null) return null
      const membership = await selectMembership(db, conversationId, userId)
      if (!membership) return null
      if ((await selectBlocksWith(db, userId, membership.partnerUserId)).blockedByThem) return null
      return path.join(deps.mediaDir, filename)
    },

    /** A typing signal from the WebSocket, passed to the partner when the member is part of the chat. */
    async typing(userId: number, conversationId: number) {
      const membership = await selectMembership(db, conversationId, userId)
      if (!membership) return
      const between = await selectBlocksWith(db, userId, membership.partnerUserId)
      if (between.blockedByThem || between.blockedByMe) return
      const own = await selectProfileIdOfUser(db, userId)
      if (!own) return
      deps.events.emit({
        type: 'chat.typing',
        userId: membership.partnerUserId,
        conversation: conversationId,
        profileId: own.id,
      })
    },
  }
}
