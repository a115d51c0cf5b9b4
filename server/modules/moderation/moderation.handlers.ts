import type { CallHandlers } from '#server/lib/api-route.ts'
import type { Actor } from '#server/modules/audit/audit.service.ts'
import type { BansService } from './bans.service.ts'
import type { PhotoReviewService } from './photo-review.service.ts'
import type { ReportsService } from './reports.service.ts'
import type { SignalsService } from './signals.service.ts'

/**
 * The moderators' decisions, one handler per call (issue 57, point 1): the JSON route and the
 * console's form run the same one.
 */
export const moderationHandlers = (s: {
  photoReview: PhotoReviewService
  reports: ReportsService
  signals: SignalsService
  bans: BansService
}) =>
  ({
    reviewPhoto: (body, actor) => s.photoReview.review(body, actor),
    decideReport: (body, actor) => s.reports.decide(body, actor),
    moderateMember: (body, actor) => s.reports.actOnMember(body, actor),
    reviewSignal: (body, actor) => s.signals.review(body, actor),
    addBan: (body, actor) => s.bans.add(body, actor),
    removeBan: async (body, actor) => {
      await s.bans.remove(body.ban, actor)
      return { ok: true as const }
    },
  }) satisfies CallHandlers<Actor>
