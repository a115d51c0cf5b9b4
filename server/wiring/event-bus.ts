import type { FastifyInstance } from 'fastify'
import type { Database } from '#server/db/client.ts'
import type { Env } from '#server/env.ts'
import { createEventBus } from '#server/lib/events.ts'
import { createPgEventBus } from '#server/lib/pg-events.ts'
import { createRedisEventBus } from '#server/lib/redis-events.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'

/**
 * The node's event bus (ADR 22): through Redis when there is one, else PostgreSQL's NOTIFY, and in
 * process on the embedded database (one node); with Redis' commands for the rate limits, and every
 * node reading its sites again when one changed their settings.
 */
export async function openEventBus(app: FastifyInstance, env: Env, database: Database, sites: SitesService) {
  const onEventError = (error: unknown) => app.log.error({ err: error }, 'event delivery failed')
  // Events cross nodes through Redis, else through PostgreSQL's NOTIFY; the embedded database has
  // one node (ADR 22).
  const redisBus = env.REDIS_URL ? await createRedisEventBus(env.REDIS_URL, onEventError) : null
  const pgBus =
    !redisBus && 'url' in database.raw ? await createPgEventBus(database.raw.primary, onEventError) : null
  const sharedBus = redisBus ?? pgBus
  if (sharedBus) app.addHook('onClose', () => sharedBus.close())
  const events = sharedBus ?? createEventBus(onEventError)
  // Rate limits count in Redis when there is one, else in the database: on every node alike (ADR 22).
  const rateLimitRedis = redisBus?.commands ?? null
  // A site's settings changed on some node: every node reads its sites again.
  const unsubscribeSites = events.subscribe((event) => {
    if (event.type === 'sites.changed') sites.reload().catch(onEventError)
  })
  app.addHook('onClose', async () => unsubscribeSites())
  return { events, rateLimitRedis, onEventError }
}
