import type { CallHandlers } from '#server/lib/api-route.ts'
import type { MemberActor } from '#server/plugins/member-actor.ts'
import type { AppServices } from '#server/wiring/services.ts'

// "Download my data" (issue 57, point 1): the one handler its JSON route and the profile page's
// form run; a job prepares the zip and mails its link.

export function dataExportHandlers(s: AppServices) {
  return {
    requestDataExport: async (_body, actor) => {
      await s.exports.request(actor.member.userId, { member: true })
      return { status: 'pending' as const }
    },
  } satisfies CallHandlers<MemberActor>
}
