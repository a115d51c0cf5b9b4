import { ChatSendResult } from '#common/schemas/chat-send.ts'
import { type DomainEvent, OPERATOR_SOCKETS } from '#server/lib/events.ts'

/** A send chat_send made or had made before: the message, the balance, what was new. */
export type Sent = Extract<ChatSendResult, { message: unknown }>

/** The kind of chat_send's notice of a new message to the other app nodes (issue 40, ADR 31). */
export const SENT_NOTICE = 'chat.sent'

/** What chat_send's notice carries: its result for the send, and the tab that sent it. */
export interface SentNotice {
  result: unknown
  tab: string | null
}

/**
 * The events of a new message, on every node alike (the sending node's, and the others' from
 * chat_send's notice): the message to both sides' sockets, the recipient's unread count, the
 * sender's balance when it was paid, the operators' inbox when it went to a fictional profile. The
 * sending tab has its message and balance in its call's answer: one truth (issue 40); the sender's
 * other tabs and devices get them as frames. None for a message sent before (a retry).
 */
export function sentEvents(outcome: Sent, exceptTab?: string): DomainEvent[] {
  if (!outcome.fresh) return []
  const { partner_user_id: partnerUserId, unread, charged, partner_push, to_fictional } = outcome.fresh
  const senderUserId = outcome.sender_user_id
  const { message } = outcome
  const conversation = message.conversation
  return [
    { type: 'message.created', userId: senderUserId, conversation, message, exceptTab, noPush: true },
    // A recipient with no device to push to is not looked up by the push notifier (chat_send looked).
    {
      type: 'message.created',
      userId: partnerUserId,
      conversation,
      message,
      ...(partner_push ? {} : { noPush: true as const }),
    },
    { type: 'chat.unread', userId: partnerUserId, conversation, unread },
    ...(charged
      ? [{ type: 'credits.changed' as const, userId: senderUserId, credits: outcome.credits, exceptTab }]
      : []),
    ...(to_fictional ? [{ type: 'inbox.changed' as const, userId: OPERATOR_SOCKETS, conversation }] : []),
  ]
}

/** The events of chat_send's notice, on another node: its result read by the sending node's parser. */
export function noticedEvents(notice: SentNotice): DomainEvent[] {
  const outcome = ChatSendResult.parse(notice.result)
  if (!('message' in outcome)) return []
  return sentEvents(outcome, notice.tab ?? undefined)
}
