import { z } from 'zod'
import { MESSAGE_FLAGS } from '../safety.ts'
import { ClientId, SEND_REFUSALS } from './chat.ts'
import { GiftKey, Id, Message } from './message.ts'
import { OpeningMove } from './profile-prompts.ts'

// chat_send's contract (server/db/functions/chat_send.sql; ADR 12, 31; issue 57, point 3): what it
// reads for one send and what it answers. Its answer's message is the API's Message, made by
// message_json.sql, so the sending node, the other nodes (from its notice) and the browser read
// one shape with one parser. The text is `text` and the client's id `client_id` from the composer
// to the screen; only the database's column says `body`.

/**
 * What a kind of message stores beyond its words (the `payload` column): a gift's key, or a file in
 * the media store (its thumbnail too, for a picture), or the opening move a first text answers (its
 * key, and the prompt's answer as it read then), or the mark of a polite close. chat_send writes it as the send gives it and
 * message_json reads it; a new kind stores here, in no column of its own.
 */
export const MessagePayload = z.union([
  z.object({ gift: GiftKey }).strict(),
  OpeningMove.strict(),
  /** A polite close's message (issue 61, point 4): the conversation ends with it. */
  z.object({ closing: z.literal(true) }).strict(),
  z
    .object({
      file: z.string(),
      thumb: z.string().nullable(),
      /** A recording's length in seconds and its waveform (0–100 a bar), as the server measured them. */
      seconds: z.number().positive().optional(),
      levels: z.array(z.number().int().min(0).max(100)).optional(),
      /** A voice note its receiver has played. */
      played: z.literal(true).optional(),
    })
    .strict(),
])
export type MessagePayload = z.infer<typeof MessagePayload>

/** Who sends: the member, or the hash of their session's token and the site (issue 40). */
const SendBy = z.union([z.object({ sender: Id }), z.object({ session: z.string(), site: Id })])

/** What is sent, by a member or as a fictional profile: the parts a send is made of. */
export const ChatSendParts = z.object({
  /** A profile (opening or continuing the conversation with its member), or a conversation. */
  profile: Id.nullable(),
  conversation: Id.nullable(),
  client_id: ClientId,
  kind: Message.shape.kind,
  text: z.string(),
  payload: MessagePayload.nullable(),
})
export type ChatSendParts = z.infer<typeof ChatSendParts>

/** One send as chat_send reads it: its parts, who sends, its price and the node's facts. */
export const ChatSend = z.intersection(
  SendBy,
  ChatSendParts.extend({
    price: z.number().int().min(0),
    free_limit: z.number().int().min(0),
    /** How many new conversations the sender may start in 24 hours, before and after a live check. */
    openings_limit: z.object({ unverified: z.number().int(), verified: z.number().int() }),
    /** When it is sent, by the app's clock (ADR 13): the message's date. */
    at: z.string(),
    /** What the safety rules found; chat_send keeps the scam signs of first messages only. */
    flags: z.array(z.enum(MESSAGE_FLAGS)),
    /** An opening's key (openingHash): the same one in other conversations is a pasted introduction. */
    text_hash: z.string().nullable(),
    /**
     * The notice chat_send sends of a new message for the other app nodes, in its transaction (the
     * event bus's CommitNotice, issue 40, ADR 31); null when the events reach them another way.
     */
    notify: z.object({ channel: z.string(), head: z.string() }).nullable(),
    /** The sending tab (X-Tab), for the notice: that tab had the message in its call's answer. */
    tab: z.string().nullable(),
  }),
)
export type ChatSend = z.infer<typeof ChatSend>
export type SendBy = z.infer<typeof SendBy>

/**
 * chat_send's answer for one send: why it may not go; that the session it names does not hold
 * (nothing written); or the message, new or sent before (`fresh` null), with the sender's balance.
 */
export const ChatSendResult = z.union([
  z.object({
    error: z.enum(SEND_REFUSALS),
    name: z.string().optional(),
    /** A limit's number (chat.openings_limit*): what the sender's level allows, and a verified one's. */
    count: z.number().int().optional(),
    verified: z.number().int().optional(),
  }),
  z.object({ unchecked: z.literal(true) }),
  z.object({
    message: Message,
    credits: z.number().int(),
    sender_user_id: Id,
    /** A new message: whom it went to, their unread count, whether it was paid, and what it opened. */
    fresh: z
      .object({
        partner_user_id: Id,
        unread: z.number().int(),
        charged: z.boolean(),
        /** The sender's first message in this conversation. */
        opening: z.boolean(),
        /** A member wrote to a fictional profile: the operators' inbox has it now. */
        to_fictional: z.boolean(),
        /** The recipient has a push subscription (as the send's transaction saw it). */
        partner_push: z.boolean(),
      })
      .nullable(),
  }),
])
export type ChatSendResult = z.infer<typeof ChatSendResult>
