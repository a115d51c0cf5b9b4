import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AUTH_COOKIE_DAYS, SESSION_COOKIE } from '#common/constants.ts'
import { DEVICE_COOKIE_DAYS, DEVICE_COOKIES, type DeviceScope } from '#server/lib/device-cookies.ts'
import type { AccountsService, Member } from '#server/modules/accounts/accounts.service.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The member behind the session cookie, or null for a visitor. */
    member: Member | null
    sessionToken: string | null
  }
  interface FastifyInstance {
    /** Reads the request's session the ordinary way (what the plugin does for every other route). */
    readSession(request: FastifyRequest, reply: FastifyReply): Promise<void>
  }
  interface FastifyContextConfig {
    /**
     * The route checks the session in its own query (the chat's send, issue 40): request.member
     * stays null and request.sessionToken is the cookie's token, unchecked. When that query cannot
     * vouch for it, the route calls `app.readSession` and goes on the ordinary way.
     */
    sessionInQuery?: boolean
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

/** The device cookie of a browser that logged in (ADR 13): a year, never readable by scripts. */
export function setDeviceCookie(reply: FastifyReply, scope: DeviceScope, value: string, secure: boolean) {
  reply.setCookie(DEVICE_COOKIES[scope], value, {
    path: '/',
    httpOnly: true,
    sameSite: scope === 'staff' ? 'strict' : 'lax',
    secure,
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  })
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure })
}

/**
 * Reads the `auth.session` cookie into request.member; a dead session's cookie is cleared. A
 * member's requests are for the member's own site, whatever Host header they came with: its prices,
 * photos' addresses and bundles are theirs (issue 36, point 2), never another brand's. A route
 * that checks the session in its own query (`sessionInQuery`) gets the token only.
 */
export const sessionPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { accounts: AccountsService; sites: Pick<SitesService, 'byId' | 'origin'>; secure: boolean },
  ) => {
    app.decorateRequest('member', null)
    app.decorateRequest('sessionToken', null)
    async function readSession(request: FastifyRequest, reply: FastifyReply) {
      const token = request.cookies[SESSION_COOKIE]
      if (!token) return
      const member = token.length <= 100 ? await opts.accounts.memberForToken(token) : null
      if (member) {
        request.member = member
        request.sessionToken = token
        if (request.site.id !== member.siteId) {
          request.site = opts.sites.byId(member.siteId)
          request.linkOrigin = opts.sites.origin(request.site)
        }
      } else {
        request.sessionToken = null
        clearSessionCookie(reply, opts.secure)
      }
    }
    app.decorate('readSession', readSession)
    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE]
      // Public files need no session; chat photos (/media/c/) go only to the members of their chat.
      if (
        !token ||
        request.url.startsWith('/assets/') ||
        (request.url.startsWith('/media/') && !request.url.startsWith('/media/c/'))
      )
        return
      if (request.routeOptions.config?.sessionInQuery && token.length <= 100) request.sessionToken = token
      else await readSession(request, reply)
    })
  },
  { name: 'session', dependencies: ['@fastify/cookie', 'visitor'] },
)
