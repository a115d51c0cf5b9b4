import type { CallHandlers } from '#server/lib/api-route.ts'
import type { MemberActor } from '#server/plugins/member-actor.ts'
import type { AppServices } from '#server/wiring/services.ts'

// The discount offered to a member about to leave (issue 57, point 1): the one handler its JSON
// route and the settings page's form both run. The service refuses it during a break from
// purchases (ADR 32), which the page's form once let through.

export function offersHandlers(s: AppServices) {
  return {
    stayOffer: async (_body, actor) => s.discounts.stayOffer(actor.member.userId, actor.from.site),
  } satisfies CallHandlers<MemberActor>
}
