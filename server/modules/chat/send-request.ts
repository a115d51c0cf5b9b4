import { FREE_CONVERSATIONS, type Locale } from '#common/constants.ts'
import { checkMessageText } from '#common/message-text.ts'
import type { MessageFlag, NudgeAnswer } from '#common/safety.ts'
import type { GiftKey, SendRefusal } from '#common/schemas/chat.ts'
import type { SiteSettings } from '#common/schemas/sites.ts'
import { AppError } from '#server/lib/errors.ts'
import { openingHash } from '#server/lib/safety/contact-details.ts'
import type { SendBy, SendRequest } from './chat-send.queries.ts'

// What a send is before chat_send takes it: its parts as a member or an operator sends them, the
// site's prices, and the one request chat_send reads (server/db/functions/chat_send.sql).

export type Costs = Pick<
  SiteSettings,
  'message_credits' | 'gift_credits' | 'photo_credits' | 'message_length'
> & {
  /** The site's gift catalogue: a gift it does not offer is refused. */
  gifts: readonly string[]
}

export interface Outgoing {
  /** A profile (opening or continuing the conversation with its member) or a conversation. */
  profile?: number
  conversation?: number
  clientId: string
  kind: 'text' | 'gift' | 'photo'
  text: string
  gift?: GiftKey
  photo?: { filename: string; thumbFilename: string }
  /**
   * A member's send (not an operator's answer): the safety rules read it in the sender's language,
   * and how they answered a nudge about it, if they were asked (issue 38).
   */
  from?: { language: Locale; nudge?: NudgeAnswer; tab?: string }
}

/** The site a send is made on: its prices, where its media are, how explicit a photo may be unblurred. */
export interface SendSite {
  id: number
  costs: Costs
  cdnPrefix: string
  explicitThreshold: number
}

/** The HTTP status of each reason chat_send gives for refusing a send (every one, by its type). */
export const REFUSALS: Record<SendRefusal, number> = {
  authentication_required: 403,
  'chat.not_found': 404,
  'member.not_found': 404,
  'chat.self': 400,
  'member.blocked': 403,
  'chat.blocked_by_you': 403,
  'chat.verified_only': 403,
  'chat.held': 403,
  'credits.insufficient': 402,
}

/** A sender's first text message in a conversation, as the moderators' signals read it. */
export interface OpeningMessage {
  senderUserId: number
  partnerUserId: number
  conversation: number
  text: string
}

/**
 * The send chat_send takes: the text checked by the one text rule, a gift the site offers, the price
 * of its kind (or the one given), at the sending node's moment, with its notice to the other nodes.
 */
export function sendRequest(
  by: SendBy,
  out: Outgoing,
  site: { costs: Costs },
  node: { at: string; notify: SendRequest['notify'] },
  price?: number,
  flags: MessageFlag[] = [],
): SendRequest {
  const { text, problem } = checkMessageText(out.text, site.costs.message_length, {
    required: out.kind === 'text',
  })
  if (problem)
    throw new AppError(problem.code, 400, problem.code === 'chat.too_long' ? { max: problem.max } : undefined)
  if (out.kind === 'gift' && !(out.gift && site.costs.gifts.includes(out.gift)))
    throw new AppError('chat.gift_unavailable', 400)
  return {
    ...by,
    client_id: out.clientId,
    profile: out.conversation === undefined ? (out.profile ?? 0) : null,
    conversation: out.conversation ?? null,
    kind: out.kind,
    body: text,
    gift_key: out.gift ?? null,
    photo_filename: out.photo?.filename ?? null,
    photo_thumb: out.photo?.thumbFilename ?? null,
    price:
      price ??
      (out.kind === 'gift'
        ? site.costs.gift_credits
        : out.kind === 'photo'
          ? site.costs.photo_credits
          : site.costs.message_credits),
    free_limit: FREE_CONVERSATIONS,
    at: node.at,
    flags,
    // Any words sent, with a gift or a photo too: the same opening pasted elsewhere is seen.
    text_hash: text !== '' ? openingHash(text) : null,
    notify: node.notify,
    tab: out.from?.tab ?? null,
  }
}
