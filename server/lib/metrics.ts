import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

/** What an app node can be asked about when Prometheus scrapes it. */
export interface MetricSources {
  /** Open WebSockets on this node (members' and the console's). */
  sockets: () => number
  /** The database pool's connections, or null on the embedded database (no pool). */
  pool: () => { total: number; idle: number; waiting: number } | null
  /** Jobs waiting per queue (pg-boss), or an empty list where jobs do not run. */
  queues: () => Promise<Array<{ name: string; waiting: number }>>
}

/** Sizes of the batches the group commit sends (server/lib/batches.ts), on every node of this process. */
export const batchSizes = new Histogram({
  name: 'db_batch_size',
  help: 'Items per batch sent to the database by the group commit',
  labelNames: ['batch'],
  buckets: [1, 2, 4, 8, 16, 32, 64],
  registers: [],
})

/**
 * The node's metrics for Prometheus (ADR 22): requests per route and status with their latency,
 * open sockets, the database pool, batch sizes, waiting jobs and the process's own (memory, CPU,
 * event-loop delay). Each app has its registry; `GET /metrics` answers it only with
 * `Authorization: Bearer $METRICS_TOKEN`, and not at all without a token set: it is not public.
 */
export function metricsPlugin(
  app: FastifyInstance,
  options: { token: string | undefined; sources: MetricSources },
) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  registry.registerMetric(batchSizes)
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  })
  const { sources } = options
  new Gauge({
    name: 'websocket_connections',
    help: 'Open WebSockets on this node',
    registers: [registry],
    collect() {
      this.set(sources.sockets())
    },
  })
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting clients)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = sources.pool()
      if (!pool) return
      this.set({ state: 'total' }, pool.total)
      this.set({ state: 'idle' }, pool.idle)
      this.set({ state: 'waiting' }, pool.waiting)
    },
  })
  new Gauge({
    name: 'job_queue_waiting',
    help: 'Jobs waiting per queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      for (const queue of await sources.queues()) this.set({ queue: queue.name }, queue.waiting)
    },
  })
  const refused = new Counter({
    name: 'metrics_refused_total',
    help: 'Scrapes refused for a missing or wrong token',
    registers: [registry],
  })

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the address itself (ids would make a series per member).
    const route = request.routeOptions.url ?? 'unmatched'
    requests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    )
  })

  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : null
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '')
    if (!expected) return reply.callNotFound()
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      refused.inc()
      return reply.code(401).send({ error: { code: 'metrics.token', message: 'Not allowed' } })
    }
    return reply.type(registry.contentType).send(await registry.metrics())
  })
  return registry
}
