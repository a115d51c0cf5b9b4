import type { CallHandlers } from '#server/lib/api-route.ts'
import { AppError } from '#server/lib/errors.ts'
import type { MemberActor } from '#server/plugins/member-actor.ts'
import type { AppServices } from '#server/wiring/services.ts'

// The discount offered to a member about to leave (issue 57, point 1): the one handler its JSON
// route and the settings page's form both run, so the page keeps the route's rule too (it did not:
// a member on a break got the offer through the page).

export function offersHandlers(s: AppServices) {
  return {
    /** Nothing is offered to a member on a break from purchases (ADR 32). */
    stayOffer: async (_body, actor) => {
      if (await s.spending.breakUntil(actor.member.userId)) throw new AppError('discount.not_found', 404)
      return s.discounts.stayOffer(actor.member.userId, actor.from.site)
    },
  } satisfies CallHandlers<MemberActor>
}
