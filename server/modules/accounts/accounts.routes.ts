import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { PushSubscriptionInput } from '#common/schemas/accounts.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { AppError } from '#server/lib/errors.ts'
import { FORM_LIMITS, signupLimit } from '#server/lib/form-limits.ts'
import { requireMember } from '#server/lib/require-member.ts'
import { requestSource } from '#server/plugins/csrf.ts'
import { memberActor, visitorActor } from '#server/plugins/member-actor.ts'
import { clearSessionCookie, setDeviceCookie, setSessionCookie } from '#server/plugins/session.ts'
import type { accountSettingsHandlers } from './account-settings.handlers.ts'
import type { AccountsService } from './accounts.service.ts'
import type { sessionHandlers } from './session.handlers.ts'

/** Sign up, log in and out, the current user, activation links. */
export const accountsRoutes: FastifyPluginAsyncZod<{
  accounts: AccountsService
  secure: boolean
  signupsPerHour: number
  handlers: ReturnType<typeof accountSettingsHandlers> & ReturnType<typeof sessionHandlers>
}> = async (app, opts) => {
  const { accounts, secure, handlers } = opts

  app.route({
    ...apiRoute(api.signup),
    config: { rateLimit: signupLimit(opts.signupsPerHour) },
    handler: async (request, reply) => {
      const { user, token, device } = await handlers.signup(request.body, visitorActor(request))
      setSessionCookie(reply, token, secure)
      setDeviceCookie(reply, 'member', device, secure)
      return reply.code(201).send({ user })
    },
  })

  // POST /api/user.php logs in; with ?push=1 it saves the browser's push subscription (spec section 7).
  app.route({
    ...apiRoute(api.postUser),
    config: { rateLimit: FORM_LIMITS.login },
    handler: async (request, reply) => {
      if (request.query.push === '1') {
        const input = PushSubscriptionInput.parse(request.body)
        await accounts.savePushSubscription(requireMember(request), input)
        return { subscribed: true as const }
      }
      const { user, token, device } = await handlers.postUser(request.body, visitorActor(request))
      setSessionCookie(reply, token, secure)
      setDeviceCookie(reply, 'member', device, secure)
      return { user }
    },
  })

  app.route({
    ...apiRoute(api.user),
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return { user: request.member ? await accounts.getUser(request.member.userId, request.site) : null }
    },
  })

  app.route({
    ...apiRoute(api.updateUser),
    handler: async (request) => ({
      user: await accounts.updateUser(requireMember(request), request.body, request.site),
    }),
  })

  app.route({
    ...apiRoute(api.logout),
    handler: async (request, reply) => {
      // A GET that changes state: only a page of this site, or no browser, may log a member out.
      if (requestSource(request, request.linkOrigin) === 'other') throw new AppError('csrf.origin', 403)
      if (request.member && request.sessionToken) await accounts.logout(request.member, request.sessionToken)
      clearSessionCookie(reply, secure)
      return { user: null }
    },
  })

  app.route({
    ...apiRoute(api.activate),
    handler: async (request, reply) => {
      const result = request.query.token ? await accounts.activate(request.query.token) : 'invalid'
      const to = {
        activated: '/activate/done',
        already: '/activate/done?already=1',
        invalid: '/activate/error',
      }
      return reply.redirect(to[result], 303)
    },
  })

  app.route({
    ...apiRoute(api.resendActivation),
    config: { rateLimit: FORM_LIMITS.activationResend },
    handler: async (request) => handlers.resendActivation(undefined, memberActor(request)),
  })
}
