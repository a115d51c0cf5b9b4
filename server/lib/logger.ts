import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify'
import { type Bindings, type ChildLoggerOptions, type LoggerOptions, stdSerializers } from 'pino'
import type { Env } from '#server/env.ts'

// Coordinates locate a member: they never reach a log either.
const SENSITIVE_QUERY = /^(token|code|password|key|secret|otp|signature|sig|hash|lat|lon|lng)$/i

/** A URL fit for logs: values of token-like query parameters replaced. */
function redactUrl(url: string): string {
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
function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error
  return withoutValues(stdSerializers.err(error) as unknown as SerializedError)
}

/** The id of the request being served, where one is (ADR 22: every log line carries it). */
const requestIds = new AsyncLocalStorage<string>()
/** Marks a request's own logger, whose bindings hold its id already. */
const HAS_REQUEST_ID = Symbol('has request id')

/** This node's half of its request ids: random, so that two nodes' ids do not meet. */
const NODE_ID = randomBytes(4).toString('hex')
let requestCount = 0

/**
 * Request ids: nginx's `$request_id` (32 hex digits, sent as X-Request-Id) when there is one, so a
 * request is found in both logs; else 16 hex digits, this node's random half and a count (Fastify's
 * `req-1`, `req-2`… would repeat on every node; random bytes per request cost a system call each).
 * Anything else in the header is ignored: a client does not write our logs.
 */
export const requestIdOptions = {
  genReqId(raw: IncomingMessage): string {
    const given = raw.headers['x-request-id']
    if (typeof given === 'string' && /^[0-9a-f]{32}$/.test(given)) return given
    requestCount = (requestCount + 1) >>> 0
    return NODE_ID + requestCount.toString(16).padStart(8, '0')
  },
  childLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    const child = logger.child(bindings, options) as FastifyBaseLogger & { [HAS_REQUEST_ID]?: true }
    child[HAS_REQUEST_ID] = true
    return child
  },
} satisfies Pick<FastifyServerOptions, 'genReqId' | 'childLoggerFactory'>

/**
 * Runs each request's hooks and handler in its id's context, so that what a service logs through
 * the app's logger while serving it carries the id too.
 */
export function bindRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => requestIds.run(request.id, done))
}

/** pino options: never logs passwords, tokens, cookies, authorization headers or query values. */
export function loggerOptions(env: Env): LoggerOptions {
  return {
    level: env.LOG_LEVEL,
    mixin(_object, _level, logger) {
      if ((logger as { [HAS_REQUEST_ID]?: true })[HAS_REQUEST_ID]) return {}
      const id = requestIds.getStore()
      return id ? { reqId: id } : {}
    },
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

const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
}

/**
 * One of pino's JSON lines as a person reads it: the time, the level when it is not info, the
 * message, then the error's stack; the request id and the other fields are left to the JSON logs.
 */
export function readableLogLine(json: string): string {
  let entry: { time?: number; level?: number; msg?: string; err?: { stack?: string; message?: string } }
  try {
    entry = JSON.parse(json)
  } catch {
    return json
  }
  const time = new Date(entry.time ?? 0).toISOString().slice(11, 19)
  const level = entry.level === 30 ? '' : `${(LEVELS[entry.level ?? 30] ?? 'log').toUpperCase()} `
  const error = entry.err ? `\n  ${entry.err.stack ?? entry.err.message ?? ''}` : ''
  return `${time} ${level}${entry.msg ?? ''}${error}`
}

/** A stream for pino that writes each line readably (LOG_FORMAT=text: the demo's `npm start`). */
export function readableLogStream(out: NodeJS.WritableStream = process.stdout) {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line) out.write(`${readableLogLine(line)}\n`)
    },
  }
}
