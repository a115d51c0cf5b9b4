import type { CallHandlers } from '#server/lib/api-route.ts'
import type { VisitorActor } from '#server/plugins/member-actor.ts'
import type { AppServices } from '#server/wiring/services.ts'

// A complaint, or the report of a profile, by anyone (issue 57, point 1): the one handler its JSON
// route and the complaints page's form both run.

export function complaintsHandlers(s: AppServices) {
  return {
    fileComplaint: async (body, actor) =>
      s.complaints.file(body, {
        site: actor.from.site,
        locale: actor.from.locale,
        userId: actor.member?.userId ?? null,
      }),
  } satisfies CallHandlers<VisitorActor>
}
