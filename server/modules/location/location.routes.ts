import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import type { GeocodeService } from './geocode.service.ts'

/** GET /api/geocode.php?lat&lon: the nearest town and its region, or false (spec section 7). */
export const locationRoutes: FastifyPluginAsyncZod<{ geocoder: GeocodeService }> = async (
  app,
  { geocoder },
) => {
  app.route({
    ...apiRoute(api.geocode),
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      // Coordinates are used for this answer only: never stored, never logged in the access log.
      reply.header('cache-control', 'private, no-store')
      return (await geocoder.geocode(request.query.lat, request.query.lon)) ?? false
    },
  })
}
