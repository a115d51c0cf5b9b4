import { FREE_CONVERSATIONS, type Locale } from '#common/constants.ts'
import { type KindPriceSetting, kindCredits, MESSAGE_KINDS } from '#common/message-kinds.ts'
import { checkMessageText } from '#common/message-text.ts'
import type { MessageFlag, NudgeAnswer } from '#common/safety.ts'
import type { SendRefusal } from '#common/schemas/chat.ts'
import type { ChatSend, ChatSendParts, SendBy } from '#common/schemas/chat-send.ts'
import type { SiteSettings } from '#common/schemas/sites.ts'
import { AppError } from '#server/lib/errors.ts'
import { openingHash } from '#server/lib/safety/contact-details.ts'

// What a send is before chat_send takes it: its parts as a member or an operator sends them, the
// site's prices, and the one request chat_send reads (server/db/functions/chat_send.sql).

export type Costs = Pick<
  SiteSettings,
  KindPriceSetting | 'message_length' | 'openings_per_day_unverified' | 'openings_per_day_verified'
> & {
  /** The site's gift catalogue: a gift it does not offer is refused. */
  gifts: readonly string[]
}

/**
 * A send as a member or an operator makes it: chat_send's parts (common/schemas/chat-send.ts), a
 * profile or a conversation, and what its kind stores when it stores something (a gift's key, a
 * stored file).
 */
export type Outgoing = Pick<ChatSendParts, 'client_id' | 'kind' | 'text'> &
  Partial<Pick<ChatSendParts, 'profile' | 'conversation' | 'payload'>> & {
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
  voiceMaxSeconds: number
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
  'chat.closed': 409,
  'chat.openings_limit': 429,
  'chat.openings_limit_verified': 429,
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
  node: { at: string; notify: ChatSend['notify'] },
  price?: number,
  flags: MessageFlag[] = [],
): ChatSend {
  const { text, problem } = checkMessageText(out.text, site.costs.message_length, {
    required: MESSAGE_KINDS[out.kind].words === 'required',
  })
  if (problem)
    throw new AppError(problem.code, 400, problem.code === 'chat.too_long' ? { max: problem.max } : undefined)
  const gift = out.payload && 'gift' in out.payload ? out.payload.gift : null
  if (out.kind === 'gift' && !(gift && site.costs.gifts.includes(gift)))
    throw new AppError('chat.gift_unavailable', 400)
  return {
    ...by,
    client_id: out.client_id,
    profile: out.conversation == null ? (out.profile ?? 0) : null,
    conversation: out.conversation ?? null,
    kind: out.kind,
    text,
    payload: out.payload ?? null,
    price: price ?? kindCredits(site.costs, out.kind),
    free_limit: FREE_CONVERSATIONS,
    openings_limit: {
      unverified: site.costs.openings_per_day_unverified,
      verified: site.costs.openings_per_day_verified,
    },
    at: node.at,
    flags,
    // Any words sent, with a gift or a photo too: the same opening pasted elsewhere is seen.
    text_hash: text !== '' ? openingHash(text) : null,
    notify: node.notify,
    tab: out.from?.tab ?? null,
  }
}
