import type { FastifyPluginAsync } from 'fastify'

/**
 * Liveness (/healthz: the process answers) and readiness (/readyz: the database answers and the
 * node is not stopping). Redis, where there is one, is reported beside: a node without it still
 * serves every request (live events fall back to the refresh cycle), so it is not taken out.
 */
export const healthRoutes: FastifyPluginAsync<{
  ping: () => Promise<void>
  redis?: (() => Promise<void>) | null
}> = async (app, { ping, redis }) => {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }))
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const redisUp = redis
      ? await redis().then(
          () => true,
          () => false,
        )
      : null
    const extra = redisUp === null ? {} : { redis: redisUp ? 'up' : 'down' }
    try {
      await ping()
      return { status: 'ready', ...extra }
    } catch {
      return reply.code(503).send({ status: 'unavailable', ...extra })
    }
  })
}
