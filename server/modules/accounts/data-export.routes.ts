import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { AppError } from '#server/lib/errors.ts'
import { FORM_LIMITS } from '#server/lib/form-limits.ts'
import { memberActor } from '#server/plugins/member-actor.ts'
import type { dataExportHandlers } from './data-export.handlers.ts'
import type { DataExportService } from './data-export.service.ts'

/** A member asks for all their data; the mailed link downloads it. */
export const dataExportRoutes: FastifyPluginAsyncZod<{
  exports: DataExportService
  handlers: ReturnType<typeof dataExportHandlers>
}> = async (app, { exports, handlers }) => {
  app.route({
    ...apiRoute(api.requestDataExport),
    config: { rateLimit: FORM_LIMITS.dataExport },
    handler: async (request) => handlers.requestDataExport(undefined, memberActor(request)),
  })

  app.route({
    ...apiRoute(api.downloadDataExport),
    config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
    handler: async (request, reply) => {
      try {
        const { bytes, filename } = await exports.download(
          request.query.token ?? '',
          request.member?.userId ?? null,
        )
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(bytes)
      } catch (error) {
        // A link that no longer works leads back to the profile, which offers a new export; a
        // visitor logs in first and comes back to the link.
        if (error instanceof AppError && error.code === 'exports.link_invalid')
          return reply.redirect('/profile?export=expired', 303)
        if (error instanceof AppError && error.code === 'authentication_required')
          return reply.redirect(`/login?next=${encodeURIComponent(request.url)}`, 303)
        throw error
      }
    },
  })
}
