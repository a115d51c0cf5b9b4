import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { staffActor } from '#server/modules/audit/audit.service.ts'
import type { statisticsHandlers } from './statistics.handlers.ts'
import type { StatisticsService } from './statistics.service.ts'

/** Visits one address may report in an hour: a large office or a carrier's address stays under it. */
const VISITS_PER_ADDRESS_HOUR = 2000

/** The reports (admins) and the visits that feed them (every visitor). */
export const statisticsRoutes: FastifyPluginAsyncZod<{
  statistics: StatisticsService
  handlers: ReturnType<typeof statisticsHandlers>
}> = async (app, { statistics, handlers }) => {
  app.route({
    ...apiRoute(api.visit),
    // One a browser session (the page sends it once). Many visitors share an address (an office, a
    // mobile carrier's network): the limit only stops one address from flooding the figures, and
    // never drops the visits of such a crowd (issue 39, point 4).
    config: { rateLimit: { max: VISITS_PER_ADDRESS_HOUR, timeWindow: '1 hour' } },
    handler: async (request) => {
      await statistics.recordVisit(request.site.id, request.body)
      return { ok: true as const }
    },
  })
  app.route({
    ...apiRoute(api.pageBounce),
    config: { rateLimit: { max: 120, timeWindow: '1 hour' } },
    handler: async (request) => {
      await statistics.recordBounce(request.site.id, request.body)
      return { ok: true as const }
    },
  })
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })
  app.route({ ...apiRoute(api.stats), handler: async (request) => statistics.report(request.query) })
  app.route({
    ...apiRoute(api.statsCsv),
    handler: async (request, reply) => {
      const { from, to, by } = request.query
      reply.header('content-type', 'text/csv; charset=utf-8')
      reply.header('content-disposition', `attachment; filename="report-${from}-${to}-by-${by}.csv"`)
      return statistics.csv(request.query)
    },
  })
  app.route({
    ...apiRoute(api.refreshStats),
    handler: async (request) => handlers.refreshStats(request.body, staffActor(request)),
  })
}
