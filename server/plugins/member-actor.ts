import type { FastifyRequest } from 'fastify'
import { DEVICE_COOKIES } from '#server/lib/device-cookies.ts'
import { requireMember } from '#server/lib/require-member.ts'
import type { Member, RequestOrigin } from '#server/modules/accounts/accounts.service.ts'

/** The request's site, language, address and country, as the accounts service takes them. */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  return {
    site: request.site,
    locale: request.locale,
    origin: request.linkOrigin,
    ip: request.ip,
    country: request.selectedCountry ?? request.geoCountry ?? request.languageCountry,
    detectedCountry: request.selectedCountry ?? request.geoCountry,
    network: request.cookies.network ?? null,
    device: request.cookies[DEVICE_COOKIES.member] ?? null,
  }
}

/**
 * Who makes a member's call (issue 57, point 1), as its route and its page's action both give it
 * to the call's one handler: the member, their session's own token (a password change keeps this
 * session and ends the others) and where the request came from (the site, its language, the
 * address mailed links use).
 */
export interface MemberActor {
  member: Member
  session: string | null
  from: RequestOrigin
}

/** The member behind a request; a visitor's is refused (authentication_required). */
export function memberActor(request: FastifyRequest): MemberActor {
  return { member: requireMember(request), session: request.sessionToken, from: requestOrigin(request) }
}

/**
 * Who makes a call that needs no session (a complaint, an appeal by its mailed link): where the
 * request came from, and the member when one is logged in.
 */
export interface VisitorActor {
  member: Member | null
  from: RequestOrigin
}

export function visitorActor(request: FastifyRequest): VisitorActor {
  return { member: request.member, from: requestOrigin(request) }
}
