import type { CallHandlers } from '#server/lib/api-route.ts'
import type { MemberActor } from '#server/plugins/member-actor.ts'
import type { AppServices } from '#server/wiring/services.ts'

// The member's own account settings (issue 57, point 1): each call's one handler, which its JSON
// route and the settings page's form (app/routes/accounts/settings.server.ts) both run. What is
// HTTP's stays at the door: the route and the page end the session's cookie after a deletion.

export function accountSettingsHandlers(s: AppServices) {
  return {
    changePassword: async (body, actor) => {
      await s.passwords.change(actor.member, body.old_password, body.password, actor.session)
      return { ok: true as const }
    },
    requestEmailChange: async (body, actor) => {
      await s.accountSettings.requestEmailChange(actor.member, body.email, body.password, actor.from)
      return { ok: true as const }
    },
    deleteAccount: async (body, actor) => {
      await s.accountSettings.deleteAccount(actor.member, body, actor.from)
      return { ok: true as const }
    },
    resendActivation: async (_body, actor) => {
      await s.accounts.resendActivation(actor.member, actor.from)
      return { sent: true as const }
    },
  } satisfies CallHandlers<MemberActor>
}
