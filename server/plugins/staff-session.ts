import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { STAFF_COOKIE, STAFF_SESSION_HOURS } from '#common/staff.ts'
import type { StaffIdentity } from '#server/lib/require-staff.ts'

export function setStaffCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(STAFF_COOKIE, token, {
    path: '/',
    httpOnly: true,
    // The console is never reached from another site: no link elsewhere carries its cookie.
    sameSite: 'strict',
    secure,
    maxAge: STAFF_SESSION_HOURS * 3600,
  })
}

export function clearStaffCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(STAFF_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure })
}

/** Whether a path belongs to the console: its pages and its calls, and a staging site's mailbox. */
const isConsolePath = (url: string) => /^\/(admin|api\/admin|dev\/mailbox)(\/|$|\?)/.test(url)

/**
 * Reads the `auth.staff` cookie into request.staff on the console's pages and calls only (a member
 * page never sees it); a session that ended has its cookie cleared.
 */
export const staffSessionPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { staffForToken: (token: string) => Promise<StaffIdentity | null>; secure: boolean },
  ) => {
    app.decorateRequest('staff', null)
    app.decorateRequest('staffToken', null)
    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[STAFF_COOKIE]
      if (!token || !isConsolePath(request.url)) return
      const staff = token.length <= 100 ? await opts.staffForToken(token) : null
      if (staff) {
        request.staff = staff
        request.staffToken = token
        // The console speaks the staff member's own choice first, then as the site decides.
        if (staff.verified && staff.language) request.locale = staff.language
      } else {
        clearStaffCookie(reply, opts.secure)
      }
    })
  },
  { name: 'staff-session', dependencies: ['@fastify/cookie'] },
)
