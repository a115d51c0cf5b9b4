import { z } from 'zod'
import { ClientId } from './chat.ts'
import { Id } from './message.ts'

// "Your turn" (issue 61, point 4): the banner's conversations, and the polite close.

/** GET /api/your-turn.php: the conversations that have waited long for the member's answer. */
export const YourTurnResponse = z.object({
  /** How many have waited over TURN_LONG_WAIT_HOURS. */
  waiting: z.number().int(),
  /** More than TURN_BANNER_OVER, and the member is a real member: the banner shows. */
  banner: z.boolean(),
  /** The longest waits, up to TURN_BANNER_SHOWN. */
  conversations: z.array(
    z.object({ conversation: Id, profile: z.object({ id: Id, name: z.string() }), since: z.string() }),
  ),
})
export type YourTurnResponse = z.infer<typeof YourTurnResponse>

/** POST /api/chat-close.php: end a conversation for both with a polite message (free). */
export const CloseChatInput = z.object({
  conversation: Id,
  client_id: ClientId,
  text: z.string().max(100_000),
})
