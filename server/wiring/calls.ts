import type { FastifyInstance } from 'fastify'
import type { Database } from '#server/db/client.ts'
import { callsMode, type Env } from '#server/env.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { EventBus } from '#server/lib/events.ts'
import { createCallsService } from '#server/modules/calls/calls.service.ts'

/**
 * The node's calls (issue 59, ADR 37), started and stopped with the app: a session that ends (a
 * logout, a ban) ends the calls made or answered from it, on whichever node.
 */
export function startCalls(
  app: FastifyInstance,
  env: Env,
  database: Database,
  deps: { now: Clock; events: EventBus; onEventError: (error: unknown) => void },
) {
  const calls = createCallsService(database.db, { now: deps.now, events: deps.events, mode: callsMode(env) })
  calls.run()
  app.addHook('onClose', () => calls.close())
  const unsubscribe = deps.events.subscribe((event) => {
    if (event.type === 'sessions.ended' && event.member !== undefined)
      calls.sessionsEnded(event.member).catch(deps.onEventError)
  })
  app.addHook('onClose', async () => unsubscribe())
  return calls
}
