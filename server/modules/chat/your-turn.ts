import type { YourTurnResponse } from '#common/schemas/your-turn.ts'
import { TURN_BANNER_OVER, TURN_BANNER_SHOWN, TURN_LONG_WAIT_HOURS } from '#common/your-turn.ts'
import type { Db } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { createChatSending } from './chat-sending.ts'
import type { Outgoing, SendSite } from './send-request.ts'
import { closeConversation, selectWaiting } from './your-turn.queries.ts'

/**
 * "Your turn" (issue 61, point 4): the conversations waiting for a member's answer, by the app's
 * clock, and the polite close that ends one for both without a report: its message (free, read by
 * the safety rules) and the close are one transaction.
 */
export function createYourTurn(
  db: Db,
  deps: { now: Clock; sendClosing: ReturnType<typeof createChatSending>['sendClosing'] },
) {
  return {
    /** GET /api/your-turn.php: how many have waited long, whether the banner shows, the longest waits. */
    async waiting(userId: number): Promise<YourTurnResponse> {
      const before = new Date(deps.now().getTime() - TURN_LONG_WAIT_HOURS * 3_600_000)
      const rows = await selectWaiting(db, userId, before, TURN_BANNER_SHOWN)
      const waiting = rows[0]?.total ?? 0
      return {
        waiting,
        banner: waiting > TURN_BANNER_OVER,
        conversations: rows.map((r) => ({
          conversation: r.conversation,
          profile: { id: r.profile, name: r.name },
          since: new Date(r.since).toISOString(),
        })),
      }
    },

    /** POST /api/chat-close.php: the member's polite message, and the conversation ends for both. */
    close: (
      userId: number,
      input: { conversation: number; client_id: string; text: string },
      site: SendSite,
      from: NonNullable<Outgoing['from']>,
    ) =>
      deps.sendClosing(
        userId,
        { ...input, kind: 'text', payload: { closing: true }, from },
        site,
        (tx, message) => closeConversation(tx, input.conversation, userId, message.createdAt),
      ),
  }
}
