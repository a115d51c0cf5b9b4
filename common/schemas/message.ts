import { z } from 'zod'
import { GIFT_KEYS } from '../gifts.ts'
import { MESSAGE_KIND_NAMES } from '../message-kinds.ts'
import { MESSAGE_FLAGS } from '../safety.ts'

// A message on its own, without the member schemas (the browser's socket reads frames with it:
// frames.ts; it evaluates only what a frame holds, ADR 21).

/** A row id of the database's integer columns (conversations, profiles). */
export const Id = z.number().int().positive().max(2_147_483_647)
const MessageId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/** One gift's key. */
export const GiftKey = z.enum(GIFT_KEYS)
export type GiftKey = z.infer<typeof GiftKey>

/** A kind of message (common/message-kinds.ts). */
export const MessageKind = z.enum(MESSAGE_KIND_NAMES)

/** A message as both members of its conversation see it; `profile` is the sender's profile id. */
export const Message = z.object({
  id: MessageId,
  conversation: Id,
  profile: z.number().int(),
  kind: MessageKind,
  text: z.string(),
  gift: GiftKey.nullable(),
  photo: z.object({ filename: z.string(), thumb_filename: z.string() }).nullable(),
  /**
   * A voice note: its recording, its length in seconds and its waveform (0–100 a bar), the
   * server's; `played` once its receiver has played it (the sender sees so).
   */
  voice: z
    .object({ filename: z.string(), seconds: z.number(), levels: z.array(z.number()), played: z.boolean() })
    .nullable(),
  /**
   * The opening move a first text answers (issue 61): its key (common/opening-moves.ts, its words in
   * each reader's language) and the prompt's answer it quoted, if a prompt.
   */
  move: z.object({ key: z.string(), answer: z.string().nullable() }).nullable(),
  /** The polite close that ended the conversation (issue 61, point 4): nobody writes after it. */
  closing: z.boolean(),
  client_id: z.string(),
  created_at: z.string(),
  /** What the safety rules found in it (common/safety.ts): the receiver sees a blur, a question or a tip. */
  flags: z.array(z.enum(MESSAGE_FLAGS)),
})
export type Message = z.infer<typeof Message>
