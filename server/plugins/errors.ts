import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ZodError } from 'zod'
import { API_PREFIX } from '#common/api.ts'
import { escapeHtml } from '#common/escape-html.ts'
import { AppError } from '#server/lib/errors.ts'
import { type FormFailure, formFailure, validationMessage } from '#server/lib/form-failure.ts'
import { translator } from '#server/lib/i18n.ts'
import { isDatabaseUnavailable } from '#server/lib/unavailable.ts'

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> }
}

/** The 4xx status a framework error carries (body too large, rate limited…), or null. */
function clientStatus(error: unknown): number | null {
  const status = (error as FastifyError).statusCode
  return status && status >= 400 && status < 500 ? status : null
}

function plainErrorPage(locale: string, status: number, message: string): string {
  const home = translator(locale === 'fr' ? 'fr' : 'en')('errorPage.home')
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status}</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:4rem 1rem"><h1>${status}</h1><p>${escapeHtml(message)}</p><p><a href="/">${escapeHtml(home)}</a></p></body></html>`
}

/** One place that turns failures into `{ error: { code, message } }` in the visitor's language. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const t = translator(request.locale ?? 'en')
      let status = 500
      let body: ErrorBody
      if (error instanceof AppError) {
        status = error.status
        // Busy for a moment (a node's decodes or sends all taken): when to try again.
        if (status === 503) reply.header('retry-after', String(error.values.retry_after ?? 5))
        body = { error: { code: error.code, message: t(`errors.${error.code}`, error.values) } }
      } else if (hasZodFastifySchemaValidationErrors(error)) {
        status = 400
        const fields: Record<string, string> = {}
        for (const issue of error.validation) {
          const zodPath = (issue.params as { issue?: { path?: PropertyKey[] } }).issue?.path ?? []
          const field =
            issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || zodPath.map(String).join('.')
          fields[field || '_'] = validationMessage(issue.message, t)
        }
        body = { error: { code: 'validation.failed', message: t('errors.validation.failed'), fields } }
      } else if (error instanceof ZodError) {
        // A schema checked inside a handler (a body that depends on the query, say).
        const failure = formFailure(error, t) as FormFailure
        status = failure.status
        body = { error: { code: failure.code, message: failure.message, fields: failure.fields } }
      } else if (clientStatus(error)) {
        status = clientStatus(error) as number
        const code =
          status === 429 ? 'request.rate_limited' : status === 413 ? 'request.too_large' : 'request.invalid'
        body = { error: { code, message: t(`errors.${code}`) } }
      } else if (isDatabaseUnavailable(error)) {
        // The database is down or restarting: say so at once, and when to try again (ADR 22).
        status = 503
        reply.header('retry-after', '5')
        request.log.warn({ err: error }, 'database unavailable')
        body = { error: { code: 'server.unavailable', message: t('errors.server.unavailable') } }
      } else {
        request.log.error({ err: error }, 'request failed')
        body = { error: { code: 'server.error', message: t('errors.server.error') } }
      }
      // A 503 of ours is load, answered on purpose: not an error to log (issue 40).
      if (status >= 500 && status !== 503 && error instanceof AppError)
        request.log.error({ err: error }, 'request failed')
      if (!request.url.startsWith(API_PREFIX) && request.headers.accept?.includes('text/html')) {
        // A page whose rendering itself failed: a plain page in the visitor's language.
        return reply
          .code(status)
          .type('text/html; charset=utf-8')
          .send(plainErrorPage(request.locale ?? 'en', status, body.error.message))
      }
      return reply.code(status).type('application/json').send(body)
    })
  },
  { name: 'errors' },
)
