import { z } from 'zod'
import { PROFILE_REPORT_REASONS } from '../choices.ts'
import { FILE_KINDS } from '../message-kinds.ts'
import { NUDGE_ANSWERS } from '../safety.ts'
import { writeRefusals } from '../write-refusals.ts'
import { CallSignal } from './calls.ts'
import { PublicProfile } from './members.ts'
import { GiftKey, Id, Message } from './message.ts'
import { OpeningMoveKey } from './profile-prompts.ts'

export { GIFT_KEYS } from '../gifts.ts'

// A message's schemas live in message.ts: the socket's frames need them without the members'.
export { GiftKey, Message }

/** A client-made id of a message being sent: a retry with the same id sends nothing twice. */
export const ClientId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'client_id_invalid' })

/** A chat entry of GET /api/chats.php (spec section 3), with what the list shows. */
export const ChatEntry = z.object({
  conversation: Id,
  profile: PublicProfile,
  num_unread_messages: z.number().int(),
  last_message: z
    .object({
      kind: Message.shape.kind,
      text: z.string(),
      /** A recording's length in seconds (a voice note), as the server measured it; else null. */
      seconds: z.number().nullable(),
      from_me: z.boolean(),
      created_at: z.string(),
      /** It closed the conversation (issue 61, point 4). */
      closing: z.boolean(),
    })
    .nullable(),
  /** The partner has read up to this message id (read receipts). */
  partner_last_read: z.number().int(),
  /** Since when the partner waits for the member's answer (issue 61, point 4), or null. */
  turn_since: z.string().nullable(),
})
export type ChatEntry = z.infer<typeof ChatEntry>
export const ChatsResponse = z.object({ chats: z.array(ChatEntry) })
export type ChatsResponse = z.infer<typeof ChatsResponse>

/** POST /api/message.php: to a profile (starting the conversation when needed) or a conversation. */
export const SendMessageInput = z
  .object({
    profile: Id.optional(),
    conversation: Id.optional(),
    text: z.string().max(100_000),
    gift: GiftKey.optional(),
    client_id: ClientId,
    /** How the member answered a question about this text (409 chat.unkind), if they were asked. */
    nudge: z.enum(NUDGE_ANSWERS).optional(),
    /** The profile's opening move this first text answers (issue 61, point 2). */
    move: OpeningMoveKey.optional(),
  })
  .refine((v) => (v.profile === undefined) !== (v.conversation === undefined), {
    path: ['conversation'],
    error: 'recipient_required',
  })
  .refine((v) => v.move === undefined || v.gift === undefined, { path: ['move'], error: 'move_invalid' })
export type SendMessageInput = z.infer<typeof SendMessageInput>
export const SendMessageResponse = z.object({ message: Message, conversation: Id, credits: z.number().int() })
export type SendMessageResponse = z.infer<typeof SendMessageResponse>

/** GET /api/messages.php: a page of a conversation, newest first from `before`, or what came `after`. */
export const MessagesQuery = z.object({
  conversation: z.coerce.number().int().positive().max(2_147_483_647),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
})
export const MessagesResponse = z.object({
  /** Oldest first. */
  messages: z.array(Message),
  /** More beyond this page: older ones (a page before), or newer ones (a page `after`, catching up). */
  has_more: z.boolean(),
  /** Older messages exist beyond the chat history limit: 'Older messages hidden for privacy'. */
  older_hidden: z.boolean(),
  partner_last_read: z.number().int(),
})
export type MessagesResponse = z.infer<typeof MessagesResponse>

/** GET /api/conversation.php: a conversation with its partner (/chats/{id}). */
export const ConversationResponse = z.object({
  conversation: Id,
  profile: PublicProfile,
  blocked_by_me: z.boolean(),
  /** The member's next message here is free (the welcome offer: a free member's opening message). */
  next_message_free: z.boolean(),
  /** The member chose to see this conversation's explicit photos unblurred (issue 38). */
  show_explicit: z.boolean(),
  /** A member ended it with a polite close (issue 61, point 4): the member, or the partner. */
  closed: z.enum(['by_me', 'by_partner']).nullable(),
})
export type ConversationResponse = z.infer<typeof ConversationResponse>

/** PUT /api/chat.php: read up to now; DELETE /api/chat.php (spec section 7): remove. */
export const ChatInput = z.object({ conversation: Id })
/**
 * Reading a conversation: up to the newest message the member was shown (`up_to`), so that a
 * message on its way to the page is not marked read before it is there; without it, all of it.
 */
export const ReadChatInput = ChatInput.extend({ up_to: Id.optional() })

/** PUT /api/voice-played.php: the receiver played a voice note (issue 58); the sender is told. */
export const VoicePlayedInput = z.object({
  message: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})
export const VoicePlayedResponse = z.object({ played: z.boolean() })
export const ReadResponse = z.object({
  num_unread_messages: z.number().int(),
  unread_total: z.number().int(),
})
export const RemoveResponse = z.object({ removed: z.boolean() })

/** What the browser sends over the WebSocket. */
export const ClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing'), conversation: Id }),
  z.object({ type: z.literal('ping') }),
  /** The page was hidden or shown again: presence (ADR 19). */
  z.object({ type: z.literal('visibility'), hidden: z.boolean() }),
  /** A call's offer, answer or ICE candidate for the other member (issue 59). */
  CallSignal.extend({ type: z.literal('call.signal') }),
])
export type ClientFrame = z.infer<typeof ClientFrame>

/**
 * POST /api/message-file.php: a message that carries a file (a kind of FILE_KINDS), its form fields
 * sent before the file (field photo, the one file field of every upload).
 */
export const FileMessageFields = z
  .object({
    kind: z.enum(FILE_KINDS),
    profile: z.coerce.number().pipe(Id).optional(),
    conversation: z.coerce.number().pipe(Id).optional(),
    text: z.string().max(100_000).default(''),
    client_id: ClientId,
    /** `send_anyway`: the member was asked about an explicit photo (409 chat.photo_explicit) and sends it. */
    nudge: z.enum(NUDGE_ANSWERS).optional(),
  })
  .refine((v) => (v.profile === undefined) !== (v.conversation === undefined), {
    path: ['conversation'],
    error: 'recipient_required',
  })

/**
 * Why chat_send refuses a send: one list for the database function's answers, the service's
 * statuses and the messages (errors.<code> in common/i18n).
 */
export const SEND_REFUSALS = [
  'authentication_required',
  'chat.not_found',
  ...writeRefusals('chat'),
  'credits.insufficient',
  // A member ended the conversation with a polite close (issue 61, point 4).
  'chat.closed',
  // The sender started as many new conversations in 24 hours as their level allows (issue 60).
  'chat.openings_limit',
  'chat.openings_limit_verified',
] as const
export type SendRefusal = (typeof SEND_REFUSALS)[number]

/** GET /api/conversation.php?id */
export const ConversationQuery = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

/** PUT /api/chat-safety.php: the member's choice for a conversation's explicit photos. */
export const ChatSafetyInput = z.object({ conversation: Id, show_explicit: z.boolean() })
export const ChatSafetyResponse = z.object({ show_explicit: z.boolean() })

/**
 * POST /api/profile-report.php: the report sheet (issue 56, point 3). The reporter is the session's
 * member; from a conversation, its last messages go with the report; `block` blocks at once.
 */
export const ProfileReportInput = z.object({
  profile: Id,
  reason: z.enum(PROFILE_REPORT_REASONS, { error: 'complaint_reason_required' }),
  text: z.string().trim().max(1000, { error: 'report_text_too_long' }).optional(),
  conversation: Id.optional(),
  block: z.boolean().default(false),
})
export type ProfileReportInput = z.infer<typeof ProfileReportInput>
export const ProfileReportResponse = z.object({
  id: z.number().int(),
  /** Where the receipt went: the member's own address. */
  receipt: z.string().nullable(),
  blocked: z.boolean(),
})
export type ProfileReportResponse = z.infer<typeof ProfileReportResponse>

/** POST /api/message-report.php: a received message reported in one tap (issue 38). */
export const MessageReportInput = z.object({
  message: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})
