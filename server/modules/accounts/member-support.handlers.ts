import type { CallHandlers } from '#server/lib/api-route.ts'
import type { Actor } from '#server/modules/audit/audit.service.ts'
import type { MemberSupportService } from './member-support.service.ts'

/** Support's changes to a member's account, one handler per call for its route and its form. */
export const memberSupportHandlers = (s: { memberSupport: MemberSupportService }) =>
  ({
    correctCredits: (body, actor) => s.memberSupport.correctCredits(body, actor),
    supportAction: async (body, actor) => {
      await s.memberSupport.act(body, actor)
      return { ok: true as const }
    },
  }) satisfies CallHandlers<Actor>
