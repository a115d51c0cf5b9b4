import type { FastifyRequest } from 'fastify'
import { type LoggerOptions, stdSerializers } from 'pino'
import type { Env } from '#server/env.ts'

// Coordinates locate a member: they never reach a log either.
const SENSITIVE_QUERY = /^(token|code|password|key|secret|otp|signature|sig|hash|lat|lon|lng)$/i

/** A URL fit for logs: values of token-like query parameters replaced. */
export function redactUrl(url: string): string {
  const index = url.indexOf('?')
  if (index === -1) return url
  const params = new URLSearchParams(url.slice(index + 1))
  for (const key of [...params.keys()]) if (SENSITIVE_QUERY.test(key)) params.set(key, '[redacted]')
  return `${url.slice(0, index)}?${params.toString()}`
}

type SerializedError = Record<string, unknown> & { message?: string; stack?: string; cause?: unknown }

/**
 * A database error without the values of its query: Drizzle puts the parameters (an e-mail
 * address, a password hash) in its message and stack, PostgreSQL the offending value in `detail`.
 */
function withoutValues(error: SerializedError): SerializedError {
  const out: SerializedError = { ...error }
  if ('params' in out) {
    delete out.params
    const message = typeof out.query === 'string' ? `Failed query: ${out.query}` : 'Failed query'
    const frames = typeof out.stack === 'string' ? out.stack.slice(out.stack.search(/\n\s+at /) + 1) : ''
    out.message = message
    out.stack = `${String(out.type ?? 'Error')}: ${message}\n${frames}`
  }
  for (const key of ['detail', 'parameters', 'where']) delete out[key]
  if (out.cause && typeof out.cause === 'object') out.cause = withoutValues(out.cause as SerializedError)
  return out
}

/** Errors as pino writes them, without the values of a failed query. */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error
  return withoutValues(stdSerializers.err(error) as unknown as SerializedError)
}

/** pino options: never logs passwords, tokens, cookies, authorization headers or query values. */
export function loggerOptions(env: Env): LoggerOptions {
  return {
    level: env.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.password_hash',
        '*.passwordHash',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }
      },
    },
  }
}
