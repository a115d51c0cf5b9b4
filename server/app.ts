import type { Agent as HttpsAgent } from 'node:https'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import type { ViteDevServer } from 'vite'
import { type Database, openDatabase } from './db/client.ts'
import { ensureReferenceData } from './db/reference/ensure-reference-data.ts'
import { type Env, secureCookies } from './env.ts'
import { type Clock, systemClock } from './lib/clock.ts'
import { drainable } from './lib/drain.ts'
import { bindRequestIds, loggerOptions, readableLogStream, requestIdOptions } from './lib/logger.ts'
import { type MetricSources, metricsPlugin } from './lib/metrics.ts'
import { trustedProxies } from './lib/proxies.ts'
import { bindRequestClock } from './lib/request-clock.ts'
import { validatorCompiler } from './lib/safe-input.ts'
import { ssrPlugin } from './plugins/ssr.ts'
import type { AppServices } from './plugins/ssr-context.ts'
import { createHandlers } from './wiring/handlers.ts'
import { startScheduledJobs } from './wiring/jobs.ts'
import { registerRoutes } from './wiring/routes.ts'
import { createServices } from './wiring/services.ts'

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url))

export interface BuildAppOptions {
  env: Env
  /** An already opened database (tests); otherwise opened from env and closed with the app. */
  database?: Database
  devServer?: ViteDevServer
  /** Serve pages through React Router; API-only tests leave it off. */
  pages?: boolean
  logger?: boolean
  /** Where logs go (tests read them back); stdout by default. */
  logStream?: NodeJS.WritableStream
  /** Run the scheduled jobs (off in tests unless asked for). */
  jobs?: boolean
  /** The one clock of every service (tests move it); the system's by default. */
  clock?: Clock
  /** The HTTPS agent pushes go through (a test trusts its local push service's certificate with it). */
  pushAgent?: HttpsAgent
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database
    services: AppServices
    /** Every route registered (method and URL): the authorization matrix test walks it. */
    routeTable: ReadonlyArray<{ method: string; url: string }>
  }
}

/** Builds the whole server: the table of contents of every plugin and module. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options
  const now = options.clock ?? systemClock
  const production = env.NODE_ENV === 'production'
  const database =
    options.database ??
    (await openDatabase(
      env.DATABASE_URL
        ? {
            url: env.DATABASE_URL,
            replicas: {
              urls: (env.DATABASE_READ_URLS ?? '')
                .split(',')
                .map((u) => u.trim())
                .filter(Boolean),
              maxLagMs: env.REPLICA_MAX_LAG_MS,
            },
          }
        : { dataDir: env.DATA_DIR },
    ))
  await database.migrate()
  await ensureReferenceData(database.db)

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            ...loggerOptions(env),
            ...(env.LOG_FORMAT === 'text'
              ? { stream: readableLogStream(options.logStream) }
              : options.logStream
                ? { stream: options.logStream }
                : {}),
          },
    // The demo's readable log has no line per request; a failed one is still logged as an error.
    ...(env.LOG_FORMAT === 'text'
      ? { logController: new LogController({ disableRequestLogging: true }) }
      : {}),
    bodyLimit: 1_048_576,
    // A body that never finishes (a slow-loris upload) is answered 408 and its connection closed,
    // checked often enough that it does not wait much longer than that (issue 36, point 11).
    requestTimeout: env.REQUEST_TIMEOUT_S * 1000,
    http: {
      requestTimeout: env.REQUEST_TIMEOUT_S * 1000,
      headersTimeout: Math.min(60_000, env.REQUEST_TIMEOUT_S * 1000),
      connectionsCheckingInterval: Math.min(5000, (env.REQUEST_TIMEOUT_S * 1000) / 2),
    },
    trustProxy: trustedProxies(env.TRUST_PROXY),
    ...requestIdOptions,
  })
  bindRequestIds(app)
  bindRequestClock(app, now)
  app.decorate('database', database)
  const routeTable: Array<{ method: string; url: string }> = []
  app.decorate('routeTable', routeTable)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url })
  })
  if (!options.database) app.addHook('onClose', () => database.close())
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  drainable(app)
  // Metrics first, so that every route's answers are timed (ADR 22).
  const metricSources: MetricSources = {
    sockets: () => 0,
    pool: database.poolUse,
    queues: async () => [],
  }
  metricsPlugin(app, { token: env.METRICS_TOKEN, sources: metricSources })

  // Services, jobs, plugins and routes: server/wiring/.
  const wiring = await createServices(app, { env, database, now, pushAgent: options.pushAgent })
  const { services } = wiring
  const handlers = createHandlers(services)
  app.decorate('services', services)
  if (options.jobs ?? env.NODE_ENV !== 'test') {
    await startScheduledJobs(app, { database, now, wiring, metricSources })
  }
  await registerRoutes(app, { env, database, now, wiring, handlers, metricSources })

  // Pages last: React Router takes every route nothing above claimed.
  if (options.pages !== false) {
    await app.register(ssrPlugin, {
      services,
      handlers,
      devServer: options.devServer,
      buildDirectory: path.join(PROJECT_ROOT, 'build'),
      production,
      staging: env.STAGING,
      clock: now,
      secureCookies: secureCookies(env),
      signupsPerHour: env.SIGNUP_LIMIT_PER_HOUR,
    })
  }
  return app
}
