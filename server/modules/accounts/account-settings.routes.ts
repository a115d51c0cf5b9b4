import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ChangePasswordInput,
  DeleteAccountInput,
  EmailChangeInput,
  OkResponse,
  PasswordResetInput,
  PasswordResetRequest,
  TokenInput,
} from '#common/schemas/accounts.ts'
import { requireMember } from '#server/lib/require-member.ts'
import { clearSessionCookie } from '#server/plugins/session.ts'
import type { AccountSettingsService } from './account-settings.service.ts'
import { requestOrigin } from './accounts.routes.ts'
import type { PasswordService } from './password.service.ts'

/** Password reset and change, e-mail change, deletion and its undo. */
export const accountSettingsRoutes: FastifyPluginAsyncZod<{
  passwords: PasswordService
  settings: AccountSettingsService
  secure: boolean
}> = async (app, { passwords, settings, secure }) => {
  const ok = { 200: OkResponse }

  app.post(
    '/api/password-reset.php',
    {
      schema: { tags: ['accounts'], body: PasswordResetRequest, response: ok },
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request) => {
      await passwords.requestReset(request.body.email, requestOrigin(request))
      return { ok: true as const }
    },
  )

  app.put(
    '/api/password-reset.php',
    {
      schema: { tags: ['accounts'], body: PasswordResetInput, response: ok },
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      await passwords.reset(request.body.token, request.body.password)
      clearSessionCookie(reply, secure)
      return { ok: true as const }
    },
  )

  app.put(
    '/api/password.php',
    {
      schema: { tags: ['accounts'], body: ChangePasswordInput, response: ok },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => {
      await passwords.change(
        requireMember(request),
        request.body.old_password,
        request.body.password,
        request.sessionToken,
      )
      return { ok: true as const }
    },
  )

  app.post(
    '/api/mail-change.php',
    {
      schema: { tags: ['accounts'], body: EmailChangeInput, response: ok },
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request) => {
      await settings.requestEmailChange(
        requireMember(request),
        request.body.email,
        request.body.password,
        requestOrigin(request),
      )
      return { ok: true as const }
    },
  )

  app.put(
    '/api/mail-change.php',
    { schema: { tags: ['accounts'], body: TokenInput, response: ok } },
    async (request) => {
      await settings.confirmEmailChange(request.body.token)
      return { ok: true as const }
    },
  )

  app.delete(
    '/api/user.php',
    {
      schema: { tags: ['accounts'], body: DeleteAccountInput, response: ok },
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      await settings.deleteAccount(requireMember(request), request.body, requestOrigin(request))
      clearSessionCookie(reply, secure)
      return { ok: true as const }
    },
  )

  app.post(
    '/api/account-restore.php',
    { schema: { tags: ['accounts'], body: TokenInput, response: ok } },
    async (request) => {
      await settings.restoreAccount(request.body.token)
      return { ok: true as const }
    },
  )
}
