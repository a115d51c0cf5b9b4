import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { GeocodeQuery, GeocodeResponse } from '#common/schemas/location.ts'
import type { GeocodeService } from './geocode.service.ts'

/** GET /api/geocode.php?lat&lon: the nearest town and its region, or false (spec section 7). */
export const locationRoutes: FastifyPluginAsyncZod<{ geocoder: GeocodeService }> = async (
  app,
  { geocoder },
) => {
  app.get(
    '/api/geocode.php',
    {
      schema: { tags: ['location'], querystring: GeocodeQuery, response: { 200: GeocodeResponse } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      // Coordinates are used for this answer only: never stored, never logged in the access log.
      reply.header('cache-control', 'private, no-store')
      return (await geocoder.geocode(request.query.lat, request.query.lon)) ?? false
    },
  )
}
