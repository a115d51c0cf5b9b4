import type { FastifyRequest } from 'fastify'
import { AppError } from './errors.ts'

/**
 * The member a request needs (the session plugin reads the cookie into `request.member`); a visitor
 * gets 403 authentication_required (docs/architecture.md §7).
 */
export function requireMember(request: FastifyRequest): NonNullable<FastifyRequest['member']> {
  if (!request.member) throw new AppError('authentication_required', 403)
  return request.member
}
