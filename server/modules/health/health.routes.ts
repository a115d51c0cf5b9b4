import type { FastifyPluginAsync } from 'fastify'

/** Liveness (/healthz: the process answers) and readiness (/readyz: the database, and Redis if any, answer). */
export const healthRoutes: FastifyPluginAsync<{ ping: () => Promise<void> }> = async (app, { ping }) => {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }))
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    try {
      await ping()
      return { status: 'ready' }
    } catch {
      return reply.code(503).send({ status: 'unavailable' })
    }
  })
}
