import type { CallHandlers } from '#server/lib/api-route.ts'
import type { Actor } from '#server/modules/audit/audit.service.ts'
import type { InboxService } from './inbox.service.ts'

/** The operators' inbox, one handler per call for its route and its console form (issue 57). */
export const inboxHandlers = (s: { inbox: InboxService }) =>
  ({
    claimConversation: (body, actor) => s.inbox.claim(actor.staffId ?? 0, body.conversation),
    answerConversation: (body, actor) => s.inbox.answer(body, actor),
    addMemberNote: (body, actor) => s.inbox.note(body, actor),
    releaseConversation: async (body, actor) => {
      await s.inbox.release(actor.staffId ?? 0, body.conversation)
      return { ok: true as const }
    },
  }) satisfies CallHandlers<Actor>
