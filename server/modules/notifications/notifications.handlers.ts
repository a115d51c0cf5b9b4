import type { CallHandlers } from '#server/lib/api-route.ts'
import type { MemberActor } from '#server/plugins/member-actor.ts'
import type { AppServices } from '#server/wiring/services.ts'

// The member's notification switches (issue 57, point 1): the one handler their JSON route and the
// settings page's form both run.

export function notificationsHandlers(s: AppServices) {
  return {
    updateNotifications: async (body, actor) => s.notifications.update(actor.member.userId, body),
  } satisfies CallHandlers<MemberActor>
}
