import type { Executor } from '#server/db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import type { MovesOf } from '#server/modules/profile-prompts/profile-prompts.service.ts'
import { selectMembershipWith, selectPartnerByProfile } from './chat.queries.ts'
import { selectSentBefore } from './chat-send.queries.ts'
import type { Outgoing } from './send-request.ts'

/**
 * An answer to an opening move (issue 61, point 2): a member's first message to a profile that
 * quotes one of its moves. The move must still be the profile's (its prompt's answer is quoted as it
 * reads now) and the message must open the sender's side of the conversation; it is then a text like
 * any other, priced as a message, and a retry of it (its client_id) answers the message it made. A send without a move passes as it is.
 */
export function createOpeningMoves(db: Executor, movesOf: MovesOf) {
  return async function quoted(senderUserId: number, out: Outgoing): Promise<Outgoing> {
    const payload = out.payload
    if (!payload || !('move' in payload)) return out
    if (out.profile == null) throw new AppError('chat.move_not_opening', 409)
    const partner = await selectPartnerByProfile(db, out.profile, senderUserId)
    // Who may not be written to is chat_send's to say, with its own reason.
    if (!partner || partner.refusal) return { ...out, payload: { move: payload.move, answer: null } }
    const side = await selectMembershipWith(db, senderUserId, partner.userId)
    if (side?.hasSent) {
      // A retried answer is answered with the message it made (chat_send finds it by its client_id).
      if (await selectSentBefore(db, senderUserId, out.client_id)) return out
      throw new AppError('chat.move_not_opening', 409)
    }
    const move = (await movesOf(out.profile)).find((m) => m.move === payload.move)
    if (!move) throw new AppError('chat.move_unavailable', 409)
    return { ...out, payload: move }
  }
}
