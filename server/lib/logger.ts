import type { FastifyRequest } from 'fastify'
import type { LoggerOptions } from 'pino'
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

/** pino options: never logs passwords, tokens, cookies or authorization headers. */
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
