import type { FastifyInstance } from 'fastify'
import type { Clock } from '#server/lib/clock.ts'
import type { DomainEvent, EventBus } from '#server/lib/events.ts'
import type { Member } from './accounts.service.ts'

/**
 * How long a node answers a session from memory at most (ADR 39): what no event reaches it about
 * (a session running out at its time) holds this much longer here.
 */
export const SESSION_KEEP_MS = 5000
/** Sessions kept at most: past it, the oldest go first. */
const MOST_KEPT = 50_000
/** A read older than this has long finished (a connection is waited for 2 s at most). */
const READS_LAST_MS = 60_000

/**
 * Members behind session tokens' hashes, kept by this node a moment: every request reads its
 * session: kept, a search costs the node 2.1–2.5 ms of CPU instead of 2.7–2.85 ms, and PostgreSQL
 * one query fewer (ADR 39).
 * A session names only who it is (a member and their site), which no write changes while the
 * session lives; it ends by a logout, a new password, a ban or a deletion, and every node hears
 * `sessions.ended` for that member and forgets theirs at once. A read that began before a member's
 * were forgotten is not kept: it may hold what no longer is. What no node hears of (a session
 * running out at its time, an account the command line removed) holds at most SESSION_KEEP_MS.
 */
export function createSessionCache(now: Clock, keepMs = SESSION_KEEP_MS) {
  const kept = new Map<string, { member: Member; until: number }>()
  const hashesOf = new Map<number, Set<string>>()
  /** When each member's were last forgotten, in `ticks`: a read begun earlier is not kept. */
  const forgotten = new Map<number, { tick: number; at: number }>()
  let ticks = 0

  function drop(hash: string) {
    const entry = kept.get(hash)
    if (!entry) return
    kept.delete(hash)
    const hashes = hashesOf.get(entry.member.userId)
    hashes?.delete(hash)
    if (hashes?.size === 0) hashesOf.delete(entry.member.userId)
  }

  function forget(userId: number) {
    for (const hash of [...(hashesOf.get(userId) ?? [])]) drop(hash)
    const at = now().getTime()
    forgotten.set(userId, { tick: ++ticks, at })
    if (forgotten.size > MOST_KEPT)
      for (const [id, mark] of forgotten) if (at - mark.at > READS_LAST_MS) forgotten.delete(id)
  }

  return {
    /** The member kept for this hash, or undefined: read it (and `keep` it). */
    get(hash: string): Member | undefined {
      const entry = kept.get(hash)
      if (!entry) return undefined
      const at = now().getTime()
      // Kept no longer than keepMs, nor from a moment the clock has since gone back before.
      if (at < entry.until && at >= entry.until - keepMs) return entry.member
      drop(hash)
      return undefined
    },
    /** Taken before a read: `keep` is given it back. */
    begin: () => ticks,
    /** Keeps what a read begun at `begun` found, unless the member's were forgotten since. */
    keep(hash: string, member: Member, begun: number) {
      if ((forgotten.get(member.userId)?.tick ?? 0) > begun) return
      drop(hash)
      if (kept.size >= MOST_KEPT) drop(kept.keys().next().value as string)
      kept.set(hash, { member, until: now().getTime() + keepMs })
      const hashes = hashesOf.get(member.userId) ?? new Set<string>()
      hashes.add(hash)
      hashesOf.set(member.userId, hashes)
    },
    forget,
    /** An event of the bus: a member whose sessions ended is forgotten. */
    heard(event: DomainEvent) {
      if (event.type === 'sessions.ended' && event.member !== undefined) forget(event.member)
    },
  }
}

export type SessionCache = ReturnType<typeof createSessionCache>

/** A node's session cache, forgetting what the bus tells every node, until the app closes. */
export function keptSessions(now: Clock, events: EventBus, app: FastifyInstance): SessionCache {
  const sessions = createSessionCache(now)
  const unheard = events.subscribe(sessions.heard)
  app.addHook('onClose', async () => unheard())
  return sessions
}
