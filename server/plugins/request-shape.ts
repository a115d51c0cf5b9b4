import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { API_PREFIX } from '#common/api.ts'
import { AppError } from '#server/lib/errors.ts'
import { findUnsafeValue } from '#server/lib/safe-input.ts'

/** The methods anything here answers: the pages' (forms post to actions) and the API's. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** A host name or address, and a port a socket can have (1–65535) if any. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i

/** Whether a Host header names a host the way a browser sends one. */
export function validHost(host: string | undefined): boolean {
  if (!host || host.length > 260) return false
  const match = HOST.exec(host)
  if (!match) return false
  const port = match[1] === undefined ? null : Number(match[1])
  // The pages build their URL from it: a name no URL takes (all digits, say) is refused here.
  return (port === null || (port >= 1 && port <= 65_535)) && URL.canParse(`http://${host}/`)
}

/** Whether a page's query holds something no page may be given: text no column can hold (NUL…). */
function unsafeQuery(url: string): boolean {
  const at = url.indexOf('?')
  if (at === -1) return false
  const values: string[] = []
  for (const [key, value] of new URLSearchParams(url.slice(at + 1))) values.push(key, value)
  return findUnsafeValue(values) !== null
}

/**
 * The shape every request must have before anything reads it (ADR 13): a method we answer, a Host
 * header a browser could send, and, for pages, a query without text no column holds. The API's
 * schemas check their own queries (`guarded`); a page's loader reads its query as it is, so it is
 * checked here once for them all. Each refusal is a 4xx in the visitor's language, never a 500.
 */
export const requestShapePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!METHODS.has(request.method)) {
        reply.header('allow', [...METHODS].join(', '))
        throw new AppError('request.method', 405)
      }
      if (!validHost(request.host)) throw new AppError('request.invalid', 400)
      if (!request.url.startsWith(API_PREFIX) && unsafeQuery(request.url))
        throw new AppError('request.invalid', 400)
    })
  },
  { name: 'request-shape', dependencies: ['visitor'] },
)
