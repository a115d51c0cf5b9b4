import type { Executor } from '#server/db/client.ts'
import { countHit, readHits } from '#server/db/rate-limits.ts'
import type { Clock } from './clock.ts'

type Done = (error: Error | null, result: { current: number; ttl: number } | null) => void

/**
 * A store for @fastify/rate-limit on the database, for when there is no Redis (ADR 22): every app
 * node on the database counts into the same rows, so a limit holds however many nodes answer.
 * The time is the app's clock. Its constructor takes the plugin's options, as the plugin expects.
 */
export function databaseRateLimitStore(db: Executor, now: Clock) {
  return class DatabaseRateLimitStore {
    readonly prefix: string
    constructor(_options?: unknown, prefix = 'rl:') {
      this.prefix = prefix
    }

    incr(key: string, done: Done, timeWindow: number) {
      const at = now()
      countHit(db, this.prefix + key, timeWindow, at).then(
        ({ hits, resetsAt }) =>
          done(null, { current: hits, ttl: Math.max(0, resetsAt.getTime() - at.getTime()) }),
        (error: Error) => done(error, null),
      )
    }

    read(key: string, done: Done) {
      const at = now()
      readHits(db, this.prefix + key, at).then(
        ({ hits, resetsAt }) =>
          done(null, { current: hits, ttl: resetsAt ? resetsAt.getTime() - at.getTime() : 0 }),
        (error: Error) => done(error, null),
      )
    }

    /** The store of one route: its keys start with the route's method and URL. */
    child(route: { routeInfo: { method: string; url: string } }) {
      return new DatabaseRateLimitStore(
        undefined,
        `${this.prefix}${route.routeInfo.method}${route.routeInfo.url}-`,
      )
    }
  }
}
