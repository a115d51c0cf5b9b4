import {
  CHAT_HISTORY_LIMIT,
  CHATS_LIST_LIMIT,
  FREE_CONVERSATIONS,
  MESSAGES_PAGE_SIZE,
} from '#common/constants.ts'
import type { ChatsResponse, ConversationResponse, Message, MessagesResponse } from '#common/schemas/chat.ts'
import type { Db } from '#server/db/client.ts'
import { selectBlocksBetween } from '#server/db/profile-cards.ts'
import { chatFileName } from '#server/lib/chat-file-name.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/events.ts'
import type { MediaFile, MediaStore } from '#server/lib/media-store.ts'
import type { VoiceProcessor } from '#server/lib/voice/voice-processor.ts'
import type { ComplaintsService } from '#server/modules/complaints/complaints.service.ts'
import { toPublicProfile } from '#server/modules/members/members.service.ts'
import type { MovesOf } from '#server/modules/profile-prompts/profile-prompts.service.ts'
import type { SafetyService } from '#server/modules/safety/safety.service.ts'
import {
  selectChats,
  selectFileAllowed,
  selectHistoryFloor,
  selectMembership,
  selectMembershipWith,
  selectMessagePage,
  selectMessages,
  selectNextMessageFree,
  selectPartnerByProfile,
  selectPartnerCard,
  selectPartnerLastRead,
  selectProfileIdOfUser,
  selectUnreadTotal,
} from './chat.queries.ts'
import { createChatSafety } from './chat-safety.ts'
import { createChatSending } from './chat-sending.ts'
import { markRead, markVoicePlayed, removeChat } from './conversation-side.queries.ts'
import { createOpeningMoves } from './opening-move.ts'
import type { OpeningMessage } from './send-request.ts'
import { selectClosure } from './your-turn.queries.ts'
import { createYourTurn } from './your-turn.ts'

export type ChatService = ReturnType<typeof createChatService>

/** Who ended a conversation, as one of its members reads it (issue 61, point 4). */
const closedFor = (closure: { by: number | null } | null, userId: number) =>
  closure ? (closure.by === userId ? ('by_me' as const) : ('by_partner' as const)) : null

/**
 * Conversations and paid messages (spec sections 4, 6 and 9): the debit and the message are one
 * transaction; a retried send (same client_id) sends and debits nothing twice.
 */
export function createChatService(
  db: Db,
  deps: {
    events: EventBus
    now: Clock
    media: MediaStore
    sendsDb?: Db
    historyLimit?: number
    onOpening?: (opening: OpeningMessage) => Promise<unknown>
    onError?: (error: unknown) => void
    safety: Pick<SafetyService, 'photoScore' | 'unkindWords' | 'scamFlags' | 'count' | 'scoreSender'>
    voice: Pick<VoiceProcessor, 'process'>
    complaints: Pick<ComplaintsService, 'fileAsMember'>
    /** Blocking a member, for the report sheet's "and block" (the members' pages own it). */
    blocks: { block(userId: number, profileId: number, on: boolean): Promise<boolean> }
    /** Profiles' opening moves (issue 61): a first message may answer one. */
    moves: MovesOf
  },
) {
  const historyLimit = deps.historyLimit ?? CHAT_HISTORY_LIMIT

  /**
   * The member's side of a conversation they may still open: 404 when they are not part of it, 403
   * member.blocked when the partner blocked them; `blockedByMe` when they blocked the partner.
   */
  async function openMembership(userId: number, conversationId: number) {
    const membership = await selectMembership(db, conversationId, userId)
    if (!membership) throw new AppError('chat.not_found', 404)
    const between = await selectBlocksBetween(db, userId, membership.partnerUserId)
    if (between.blockedByOther) {
      const partner = await selectProfileIdOfUser(db, membership.partnerUserId)
      throw new AppError('member.blocked', 403, { name: partner?.name ?? '' })
    }
    return { ...membership, blockedByMe: between.viewerBlocked }
  }

  const { send, sendOnSession, sendFile, answerAs, sendClosing } = createChatSending(db, deps)
  const turns = createYourTurn(db, { now: deps.now, sendClosing })
  const { showExplicit, reportMessage, reportProfile } = createChatSafety(db, deps)

  const quoted = createOpeningMoves(db, deps.moves)

  return {
    /** A member's send of a text or a gift; a first text may answer an opening move. */
    send: async (...[userId, out, site]: Parameters<typeof send>) =>
      send(userId, await quoted(userId, out), site),
    sendOnSession,
    answerAs,
    sendFile,
    yourTurn: turns.waiting,
    close: turns.close,
    showExplicit,
    reportMessage,
    reportProfile,

    /** GET /api/chats.php: the member's conversations, newest first, partners they may still see. */
    async list(userId: number, cdnPrefix: string): Promise<ChatsResponse> {
      const rows = await selectChats(db, userId, CHATS_LIST_LIMIT)
      return {
        chats: rows.map((r) => ({
          conversation: r.conversationId,
          profile: toPublicProfile(r.card, cdnPrefix, deps.now()),
          num_unread_messages: r.unread,
          last_message: r.last
            ? {
                kind: r.last.kind as Message['kind'],
                text: r.last.body,
                seconds: r.last.seconds === null ? null : Number(r.last.seconds),
                from_me: Number(r.last.sender_user_id) === userId,
                created_at: new Date(r.last.created_at).toISOString(),
                closing: Boolean(r.last.closing),
              }
            : null,
          partner_last_read: r.partnerLastRead,
          // A fictional profile is never a member's turn (issue 61): nothing pushes an answer to one.
          turn_since: r.turnSince && !r.card.fictional ? new Date(r.turnSince).toISOString() : null,
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
      const reach = partner ? await selectPartnerByProfile(db, partner.id, userId) : null
      const card = partner ? await selectPartnerCard(db, partner.id) : null
      if (!partner || !reach || !card || reach.refusal === 'member.not_found') {
        throw new AppError('chat.not_found', 404)
      }
      if (reach.refusal === 'member.blocked')
        throw new AppError('member.blocked', 403, { name: partner.name })
      return {
        conversation: conversationId,
        profile: toPublicProfile(card, cdnPrefix, deps.now()),
        blocked_by_me: reach.refusal === 'chat.blocked_by_you',
        next_message_free: await selectNextMessageFree(db, userId, conversationId, FREE_CONVERSATIONS),
        show_explicit: membership.showExplicit,
        closed: closedFor(await selectClosure(db, conversationId), userId),
      }
    },

    /** Whether the member's opening message to a new partner is free (the welcome offer). */
    openingFree: (userId: number) => selectNextMessageFree(db, userId, null, FREE_CONVERSATIONS),

    /** The member's conversation with a profile's member, if any (/members/{id}/chat). */
    async conversationWith(userId: number, profileId: number) {
      const partner = await selectPartnerByProfile(db, profileId, userId)
      if (!partner || partner.refusal === 'member.not_found') return null
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
      const floor = await selectHistoryFloor(db, q.conversation, historyLimit)
      const above = Math.max(membership.clearedUpTo, floor > 0 ? floor - 1 : 0)
      const rows = await selectMessagePage(db, q.conversation, {
        above,
        before: q.before,
        after: q.after,
        limit: MESSAGES_PAGE_SIZE + 1,
      })
      const hasMore = rows.length > MESSAGES_PAGE_SIZE
      const page = rows.slice(0, MESSAGES_PAGE_SIZE)
      if (q.after === undefined) page.reverse()
      // The top of what may be read: older messages exist beyond the history limit.
      const olderHidden =
        q.after === undefined &&
        !hasMore &&
        floor > 0 &&
        (await selectMessages(db, q.conversation, { above: membership.clearedUpTo, before: floor, limit: 1 }))
          .length > 0
      return {
        messages: page,
        has_more: hasMore,
        older_hidden: olderHidden,
        partner_last_read: await selectPartnerLastRead(db, q.conversation, membership.partnerUserId),
      }
    },

    /** PUT /api/chat.php: the member read the conversation; their partner learns it (read receipts). */
    async read(userId: number, conversationId: number, upTo?: number) {
      const membership = await openMembership(userId, conversationId)
      const { lastRead, unread } = await markRead(db, conversationId, userId, upTo)
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
      deps.events.emit({ type: 'chat.unread', userId, conversation: conversationId, unread })
      return { num_unread_messages: unread, unread_total: total }
    },

    /**
     * PUT /api/voice-played.php (issue 58): the member played a voice note sent to them; its
     * sender sees it played (as a read receipt: not when the member blocked them).
     */
    async voicePlayed(userId: number, messageId: number) {
      const changed = await markVoicePlayed(db, messageId, userId)
      if (!changed) return { played: false }
      const conversation = changed.message.conversation
      const membership = await openMembership(userId, conversation)
      if (!membership.blockedByMe)
        deps.events.emit({
          type: 'message.changed',
          userId: changed.sender,
          conversation,
          message: changed.message,
        })
      return { played: true }
    },

    /** DELETE /api/chat.php (spec section 7): the chat leaves the member's list until a new message. */
    async remove(userId: number, conversationId: number) {
      const removed = await removeChat(db, conversationId, userId)
      if (!removed) throw new AppError('chat.not_found', 404)
      deps.events.emit({ type: 'chat.removed', userId, conversation: conversationId })
      return { removed: true }
    },

    /**
     * A message's file (or its thumbnail) under /media/c/, with the type it is served as, for a
     * member of its conversation whom the partner has not blocked; null for anyone else, for a
     * name no kind stores and for a file that is not there.
     */
    async messageFile(userId: number, filename: string): Promise<{ file: MediaFile; type: string } | null> {
      const name = chatFileName(filename)
      if (!name || !(await selectFileAllowed(db, name.files, userId))) return null
      const file = await deps.media.get(filename)
      return file && { file, type: name.type }
    },

    /** A typing signal from the WebSocket, passed to the partner when the member is part of the chat. */
    async typing(userId: number, conversationId: number) {
      const membership = await selectMembership(db, conversationId, userId)
      if (!membership) return
      const between = await selectBlocksBetween(db, userId, membership.partnerUserId)
      if (between.blockedByOther || between.viewerBlocked) return
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
