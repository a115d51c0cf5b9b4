import type { FastifyInstance } from 'fastify'

let count = 0

/**
 * An API call as a member (their session cookie) or a visitor (null), each from an address of its
 * own so that per-address rate limits stay out of the way.
 */
export function memberRequest(
  app: FastifyInstance,
  member: { cookie: string } | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  count++
  return app.inject({
    method,
    url,
    payload,
    headers: member ? { cookie: member.cookie } : {},
    remoteAddress: `10.${100 + (count >> 16)}.${(count >> 8) & 255}.${count & 255}`,
  })
}
