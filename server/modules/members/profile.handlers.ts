import type { CallHandlers } from '#server/lib/api-route.ts'
import type { MemberActor } from '#server/plugins/member-actor.ts'
import type { AppServices } from '#server/wiring/services.ts'

// The member's own profile (issue 57, point 1): the one handler its JSON route, the profile page's
// form and the sign-up's steps run. The profile is read once before the change (in the update)
// and once after (the answer).

export function profileHandlers(s: AppServices) {
  return {
    updateProfile: async (body, actor) => {
      const { settings } = actor.from.site
      await s.profiles.update(actor.member.userId, body, settings)
      return { profile: await s.profiles.getOwn(actor.member.userId, settings.cdn_prefix) }
    },
  } satisfies CallHandlers<MemberActor>
}
