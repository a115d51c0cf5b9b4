import type { CallHandlers } from '#server/lib/api-route.ts'
import type { VisitorActor } from '#server/plugins/member-actor.ts'
import type { AppServices } from '#server/wiring/services.ts'

// A forgotten password (issue 57, point 1): the link asked for by address, and the new password set
// with its token. The one handler each JSON route and each page's form run; the route and the page
// end this browser's session cookie after a reset.

export function passwordResetHandlers(s: AppServices) {
  return {
    /**
     * The same answer at once whether the address has an account or not: the mail is made after
     * it, so that its time tells nothing either.
     */
    requestPasswordReset: async (body, actor) => {
      s.passwords.requestReset(body.email, actor.from)
      return { ok: true as const }
    },
    resetPassword: async (body, _actor) => {
      await s.passwords.reset(body.token, body.password)
      return { ok: true as const }
    },
  } satisfies CallHandlers<VisitorActor>
}
