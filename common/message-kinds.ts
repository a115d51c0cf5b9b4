// The kinds of chat message (issue 57; ADR 35): what each costs and whether it needs words, in one
// table that the message schema, the send, every price shown beside a kind and the staff's views of
// a conversation read. A new kind is a row here, its view in app/features/chat/message-kinds.tsx
// (with its composer button or recorder: the composer draws every kind from there), what
// message_json shows of its payload, and its file's row in server/modules/chat/message-files.ts
// when it carries one.

/** What the product knows of one kind of message. */
interface MessageKindRule {
  /** The site setting (common/schemas/sites.ts) that prices it in credits. */
  price: 'message_credits' | 'gift_credits' | 'photo_credits' | 'voice_credits'
  /** What that setting is on a site that has not set it (the reference sites' price). */
  credits: number
  /** Whether it is its words (a text); the other kinds may carry words beside what they send. */
  words: 'required' | 'optional'
  /**
   * It carries a file, uploaded through the one upload call (api.sendFileMessage) and checked and
   * stored by its row in server/modules/chat/message-files.ts: the extensions its stored files
   * have, and the type each is served as.
   */
  file?: Record<string, string>
  /** It may not be a conversation's first message (a voice note: issue 58). */
  replyOnly?: true
}

export const MESSAGE_KINDS = {
  text: { price: 'message_credits', credits: 10, words: 'required' },
  gift: { price: 'gift_credits', credits: 30, words: 'optional' },
  photo: { price: 'photo_credits', credits: 20, words: 'optional', file: { webp: 'image/webp' } },
  voice: {
    price: 'voice_credits',
    credits: 15,
    words: 'optional',
    file: { m4a: 'audio/mp4' },
    replyOnly: true,
  },
} as const satisfies Record<string, MessageKindRule>

export type MessageKind = keyof typeof MESSAGE_KINDS
export const MESSAGE_KIND_NAMES = Object.keys(MESSAGE_KINDS) as [MessageKind, ...MessageKind[]]

/**
 * A message's kind fields (common/schemas/message.ts: every kind but text holds what it sends in a
 * field of its name) when it holds none of them: a text, or a message not sent yet.
 */
export const NO_KIND_FIELDS = Object.fromEntries(
  MESSAGE_KIND_NAMES.filter((kind) => kind !== 'text').map((kind) => [kind, null]),
) as { [K in Exclude<MessageKind, 'text'>]: null }

/** The kinds that carry a file. */
export type FileKind = {
  [K in MessageKind]: (typeof MESSAGE_KINDS)[K] extends { file: object } ? K : never
}[MessageKind]
export const FILE_KINDS = MESSAGE_KIND_NAMES.filter(
  (kind): kind is FileKind => 'file' in MESSAGE_KINDS[kind],
) as [FileKind, ...FileKind[]]

/** Whether a kind may not open a conversation: it only answers a partner who has written (a voice note). */
export const answersOnly = (kind: MessageKind) => 'replyOnly' in MESSAGE_KINDS[kind]

/** The site settings that price the kinds. */
export type KindPriceSetting = (typeof MESSAGE_KINDS)[MessageKind]['price']
export const KIND_PRICE_SETTINGS = MESSAGE_KIND_NAMES.map((kind) => MESSAGE_KINDS[kind].price)

/** Each price setting with the value a site that has not set it has. */
export const KIND_PRICE_DEFAULTS = Object.fromEntries(
  MESSAGE_KIND_NAMES.map((kind) => [MESSAGE_KINDS[kind].price, MESSAGE_KINDS[kind].credits]),
) as Record<KindPriceSetting, number>

/** What a message of a kind costs on a site, in credits. */
export function kindCredits(settings: Record<KindPriceSetting, number>, kind: MessageKind): number {
  return settings[MESSAGE_KINDS[kind].price]
}

/** A value for every kind, made by `make`. */
export function eachKind<T>(make: (kind: MessageKind) => T): Record<MessageKind, T> {
  return Object.fromEntries(MESSAGE_KIND_NAMES.map((kind) => [kind, make(kind)])) as Record<MessageKind, T>
}

/**
 * What a stored message says in the staff's views of a conversation (a report, the operators'
 * inbox, a quoted conversation): its words, or a gift's key, which the console names in the staff
 * member's language (app/features/chat/message-kinds.tsx).
 */
export function staffWords(kind: string, body: string | null, payload: object | null): string {
  if (kind !== 'gift') return body ?? ''
  return payload && 'gift' in payload && typeof payload.gift === 'string' ? payload.gift : ''
}
