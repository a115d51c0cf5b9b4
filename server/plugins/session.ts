import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { AUTH_COOKIE_DAYS, SESSION_COOKIE } from '#common/constants.ts'
import type { AccountsService, Member } from '#server/modules/accounts/accounts.service.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The member behind the session cookie, or null for a visitor. */
    member: Member | null
    sessionToken: string | null
  }
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: AUTH_COOKIE_DAYS * 86_400,
  })
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure })
}

/** Reads the `auth.session` cookie into request.member; a dead session's cookie is cleared. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { accounts: AccountsService; secure: boolean }) => {
    app.decorateRequest('member', null)
    app.decorateRequest('sessionToken', null)
    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE]
      // Public files need no session; chat photos (/media/c/) go only to the members of their chat.
      if (
        !token ||
        request.url.startsWith('/assets/') ||
        (request.url.startsWith('/media/') && !request.url.startsWith('/media/c/'))
      )
        return
      const member = token.length <= 100 ? await opts.accounts.memberForToken(token) : null
      if (member) {
        request.member = member
        request.sessionToken = token
      } else {
        clearSessionCookie(reply, opts.secure)
      }
    })
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
)
