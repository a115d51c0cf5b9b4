import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { FORM_LIMITS } from '#server/lib/form-limits.ts'
import { memberActor, requestOrigin, visitorActor } from '#server/plugins/member-actor.ts'
import { clearSessionCookie } from '#server/plugins/session.ts'
import type { accountSettingsHandlers } from './account-settings.handlers.ts'
import type { AccountSettingsService } from './account-settings.service.ts'
import type { passwordResetHandlers } from './password-reset.handlers.ts'

/** Password reset and change, e-mail change, deletion and its undo. */
export const accountSettingsRoutes: FastifyPluginAsyncZod<{
  settings: AccountSettingsService
  secure: boolean
  handlers: ReturnType<typeof accountSettingsHandlers> & ReturnType<typeof passwordResetHandlers>
}> = async (app, { settings, secure, handlers }) => {
  app.route({
    ...apiRoute(api.requestPasswordReset),
    config: { rateLimit: FORM_LIMITS.passwordResetRequest },
    handler: async (request) => handlers.requestPasswordReset(request.body, visitorActor(request)),
  })

  app.route({
    ...apiRoute(api.resetPassword),
    config: { rateLimit: FORM_LIMITS.passwordReset },
    handler: async (request, reply) => {
      const reset = await handlers.resetPassword(request.body, visitorActor(request))
      clearSessionCookie(reply, secure)
      return reset
    },
  })

  app.route({
    ...apiRoute(api.changePassword),
    config: { rateLimit: FORM_LIMITS.passwordChange },
    handler: async (request) => handlers.changePassword(request.body, memberActor(request)),
  })

  app.route({
    ...apiRoute(api.requestEmailChange),
    config: { rateLimit: FORM_LIMITS.emailChange },
    handler: async (request) => handlers.requestEmailChange(request.body, memberActor(request)),
  })

  app.route({
    ...apiRoute(api.confirmEmailChange),
    handler: async (request) => {
      await settings.confirmEmailChange(request.body.token, requestOrigin(request))
      return { ok: true as const }
    },
  })

  app.route({
    ...apiRoute(api.deleteAccount),
    config: { rateLimit: FORM_LIMITS.accountDeletion },
    handler: async (request, reply) => {
      const deleted = await handlers.deleteAccount(request.body, memberActor(request))
      clearSessionCookie(reply, secure)
      return deleted
    },
  })

  app.route({
    ...apiRoute(api.restoreAccount),
    handler: async (request) => {
      await settings.restoreAccount(request.body.token)
      return { ok: true as const }
    },
  })
}
