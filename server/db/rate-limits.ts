// Requests per rate-limit key within a window, for every app node on one database (ADR 22).
import { lt, sql } from 'drizzle-orm'
import type { Executor } from './client.ts'
import { rateLimitHits } from './schema/accounts.ts'

/**
 * Counts one request for a key: the first in a window (or the first after it ended) starts a new
 * window of `windowMs`. One statement, so that two nodes counting at once both count.
 */
export async function countHit(
  db: Executor,
  key: string,
  windowMs: number,
  at: Date,
): Promise<{ hits: number; resetsAt: Date }> {
  const resetsAt = new Date(at.getTime() + windowMs)
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, resetsAt })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${rateLimitHits.resetsAt} <= ${at} then 1 else ${rateLimitHits.hits} + 1 end`,
        resetsAt: sql`case when ${rateLimitHits.resetsAt} <= ${at} then ${resetsAt} else ${rateLimitHits.resetsAt} end`,
      },
    })
    .returning({ hits: rateLimitHits.hits, resetsAt: rateLimitHits.resetsAt })
  return row
}

/** The count of a key now, without counting (0 when its window is over). */
export async function readHits(
  db: Executor,
  key: string,
  at: Date,
): Promise<{ hits: number; resetsAt: Date | null }> {
  const [row] = await db.select().from(rateLimitHits).where(sql`${rateLimitHits.key} = ${key}`)
  return row && row.resetsAt > at ? { hits: row.hits, resetsAt: row.resetsAt } : { hits: 0, resetsAt: null }
}

/** Forgets the keys whose window has ended. */
export async function deleteEndedWindows(db: Executor, at: Date): Promise<number> {
  const gone = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.resetsAt, at))
    .returning({ key: rateLimitHits.key })
  return gone.length
}
