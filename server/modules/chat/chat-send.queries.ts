import { sql } from 'drizzle-orm'
import type { MessageFlag } from '#common/safety.ts'
import { SEND_REFUSALS, type SendRefusal } from '#common/schemas/chat.ts'
import { type Executor, queryPreparedRows } from '#server/db/client.ts'
import type { CommitNotice } from '#server/lib/events.ts'
import type { MessageRow } from './chat.queries.ts'

/**
 * Who sends: the member, or (the chat's send route, issue 40) the hash of their session's token and
 * the site the send is made on, which chat_send checks in the send's own round trip.
 */
export type SendBy = { sender: number } | { session: string; site: number }

/** One send for chat_send (migration 0013): who, to whom, what, and what it costs when not free. */
export type SendRequest = SendBy & SendFields

interface SendFields {
  client_id: string
  profile: number | null
  conversation: number | null
  kind: 'text' | 'gift' | 'photo'
  body: string
  gift_key: string | null
  photo_filename: string | null
  photo_thumb: string | null
  price: number
  free_limit: number
  /** When it is sent, by the app's clock (ADR 13): the message's date. */
  at: string
  /** What the safety rules found (MESSAGE_FLAGS); chat_send keeps the scam signs of first messages only. */
  flags: MessageFlag[]
  /** An opening's key (openingHash): the same one in other conversations is a pasted introduction. */
  text_hash: string | null
  /**
   * The notice chat_send sends of a new message for the other app nodes, in its transaction (the
   * event bus's CommitNotice, issue 40, ADR 31): `{"result": …, "tab": …}` after the head. Null
   * when the events reach the other nodes another way.
   */
  notify: CommitNotice | null
  /** The sending tab (X-Tab), for the notice: that tab had the message in its call's answer. */
  tab: string | null
}

interface MessageJson {
  id: number
  conversation_id: number
  sender_user_id: number
  kind: string
  body: string
  gift_key: string | null
  photo_filename: string | null
  photo_thumb: string | null
  cost: number
  client_id: string
  created_at: string
  flags: string[]
}

/**
 * What chat_send answers for one send: why it may not go, or the message (new or sent before); or,
 * for a send by session, that the session does not hold as chat_send reads it (nothing written).
 */
export type SendResult =
  | { error: SendRefusal; name?: string }
  | { unchecked: true }
  | {
      message: MessageRow
      credits: number
      senderProfileId: number
      /**
       * Set for a new message: whom it went to, their unread count, whether it was paid, and whether
       * it is the sender's first message in this conversation.
       */
      fresh: {
        partnerUserId: number
        unread: number
        charged: boolean
        opening: boolean
        /** A member wrote to a fictional profile: the operators' inbox has it now. */
        toFictional: boolean
        /** The recipient has a push subscription (as the send's transaction saw it). */
        partnerPush: boolean
      } | null
    }

export type SendResultJson =
  | { error: string; name?: string }
  | { unchecked: true }
  | {
      message: MessageJson
      credits: number
      sender_profile_id: number | null
      fresh: boolean
      partner_user_id?: number
      unread?: number
      charged?: boolean
      opening?: boolean
      to_fictional?: boolean
      partner_push?: boolean
    }

/**
 * Sends a batch of messages in one call and one transaction: chat_send locks the senders, checks
 * each send, debits and saves it, and answers one result per send, in order.
 */
export async function sendMessages(db: Executor, sends: SendRequest[]): Promise<SendResult[]> {
  const rows = await queryPreparedRows<{ results: SendResultJson[] | string }>(
    db,
    sql`select chat_send(${JSON.stringify(sends)}::jsonb) as results`,
  )
  const raw = rows[0].results
  const results: SendResultJson[] = typeof raw === 'string' ? JSON.parse(raw) : raw
  return results.map(sendResult)
}

/** One of chat_send's results as the app reads it (also a notice's, on the other nodes). */
export function sendResult(r: SendResultJson): SendResult {
  if ('unchecked' in r) return { unchecked: true }
  if ('error' in r) {
    if (!(SEND_REFUSALS as readonly string[]).includes(r.error))
      throw new Error(`chat_send answered an unknown refusal: ${r.error}`)
    return { error: r.error as SendRefusal, name: r.name }
  }
  const m = r.message
  return {
    message: {
      id: Number(m.id),
      conversationId: m.conversation_id,
      senderUserId: m.sender_user_id,
      kind: m.kind,
      body: m.body,
      giftKey: m.gift_key,
      photoFilename: m.photo_filename,
      photoThumb: m.photo_thumb,
      cost: m.cost,
      clientId: m.client_id,
      createdAt: new Date(m.created_at),
      flags: m.flags,
    },
    credits: Number(r.credits),
    senderProfileId: Number(r.sender_profile_id ?? 0),
    fresh: r.fresh
      ? {
          partnerUserId: Number(r.partner_user_id),
          unread: Number(r.unread ?? 0),
          charged: Boolean(r.charged),
          opening: Boolean(r.opening),
          toFictional: Boolean(r.to_fictional),
          partnerPush: Boolean(r.partner_push),
        }
      : null,
  }
}

/**
 * A member asked a fictional profile whether it is real (issue 54, point 8; ADR 32): the waiting
 * conversation is marked in the operators' inbox (the first time counts). Nothing when the
 * conversation is not waiting there (the partner is a real member).
 */
export async function markAskedIfReal(db: Executor, conversation: number, memberUserId: number, at: Date) {
  await db.execute(sql`update operator_queue set asked_real_at = coalesce(asked_real_at, ${at.toISOString()})
    where conversation_id = ${conversation} and member_user_id = ${memberUserId}`)
}
