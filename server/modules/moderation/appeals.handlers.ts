import type { CallHandlers } from '#server/lib/api-route.ts'
import type { VisitorActor } from '#server/plugins/member-actor.ts'
import type { AppServices } from '#server/wiring/services.ts'

// An appeal against a moderation decision, by the link mailed with its statement of reasons (issue
// 57, point 1): the link's token is the authority, so no session is needed. The one handler its
// JSON route and the appeal page's form both run.

export function appealsHandlers(s: AppServices) {
  return {
    appeal: async (body, _actor) => {
      await s.reports.appeal(body.token, body.text)
      return { ok: true as const }
    },
  } satisfies CallHandlers<VisitorActor>
}
