import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyInstance } from 'fastify'
import { setTodaySource } from '#common/today.ts'
import { type Clock, systemClock } from './clock.ts'

/** The clock of the app serving the request at hand (several apps share a process in the tests). */
const requestClock = new AsyncLocalStorage<Clock>()

setTodaySource(() => (requestClock.getStore() ?? systemClock)())

/**
 * Runs each request's validation and handler with its app's clock as the shared schemas' day
 * (`common/today.ts`): a date of birth is 18 or not on the injected clock's day. Bound before
 * validation, not at the request's start: the body is parsed in between, in the request stream's
 * events.
 */
export function bindRequestClock(app: FastifyInstance, clock: Clock) {
  app.addHook('preValidation', (_request, _reply, done) => requestClock.run(clock, done))
}
