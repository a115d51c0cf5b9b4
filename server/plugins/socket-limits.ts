// The socket's bounds that hold under a burst (issue 55, points 4 and 5; ADR 13, round 4): a slot
// reserved when a person's count is checked, not when their upgrade completes; a budget of frames
// per socket; and presence written at most once a moment per member, whatever their tabs say.
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * Upgrades under way per person: the check before an upgrade counts them with the open sockets and
 * reserves one, so sixty upgrades at once cannot all pass a check that sees none open yet.
 */
export function createSlots<Key>(max: number) {
  const pending = new Map<Key, number>()
  return {
    /**
     * A slot for `key`, who holds `open` sockets now; null when they are at `max` with the upgrades
     * under way. The slot is released once (the upgrade opened its socket, or failed).
     */
    reserve(key: Key, open: number): (() => void) | null {
      const waiting = pending.get(key) ?? 0
      if (open + waiting >= max) return null
      pending.set(key, waiting + 1)
      let released = false
      return () => {
        if (released) return
        released = true
        const left = (pending.get(key) ?? 1) - 1
        if (left > 0) pending.set(key, left)
        else pending.delete(key)
      }
    },
  }
}

/**
 * The slots of a route's upgrades: `reserve` in its check (false, answered by `refuse`, past the
 * bound), `opened` when its socket is open; an upgrade that never opens gives its slot back with
 * its connection.
 */
export function upgradeSlots<Key>(max: number, refuse: (reply: FastifyReply) => unknown) {
  const slots = createSlots<Key>(max)
  const held = new WeakMap<FastifyRequest, () => void>()
  return {
    reserve(request: FastifyRequest, reply: FastifyReply, key: Key, open: number): boolean {
      const release = slots.reserve(key, open)
      if (!release) {
        refuse(reply)
        return false
      }
      held.set(request, release)
      request.raw.socket.once('close', release)
      return true
    },
    opened(request: FastifyRequest) {
      held.get(request)?.()
    },
  }
}

/** Frames a socket may send: a burst, then this many a second; past it the socket is closed. */
export const FRAME_BURST = 40
export const FRAMES_PER_SECOND = 10
/** The close code of a socket that floods: policy violation. */
export const SOCKET_FLOODED = 1008

/** A socket's frame budget (a token bucket): `take()` is false for a frame past it. */
export function frameBudget(now: () => number = Date.now) {
  let tokens = FRAME_BURST
  let last = now()
  return {
    take(): boolean {
      const at = now()
      tokens = Math.min(FRAME_BURST, tokens + ((at - last) * FRAMES_PER_SECOND) / 1000)
      last = at
      if (tokens < 1) return false
      tokens -= 1
      return true
    },
  }
}

/** How long a member's presence waits for their other tabs' word before it is written. */
const PRESENCE_BATCH_MS = 250

/**
 * Presence written once per member per moment: a tab's visibility frame asks for a write, and the
 * write, when it comes, says where the member stands then (any tab visible: online; else away).
 */
export function presenceBatcher(write: (userId: number) => Promise<void>, onError: (error: unknown) => void) {
  const due = new Map<number, NodeJS.Timeout>()
  return {
    changed(userId: number) {
      if (due.has(userId)) return
      const timer = setTimeout(() => {
        due.delete(userId)
        write(userId).catch(onError)
      }, PRESENCE_BATCH_MS)
      timer.unref()
      due.set(userId, timer)
    },
    close() {
      for (const timer of due.values()) clearTimeout(timer)
      due.clear()
    },
  }
}

/**
 * Sockets one member (or one staff member) may hold open on a node: a tab each, with room for many
 * tabs and devices; past it the upgrade is refused (429) instead of holding a socket without end.
 */
export const MAX_SOCKETS_PER_PERSON = 12

/** A socket past MAX_SOCKETS_PER_PERSON: refused before the upgrade, like any request past its limit. */
export function tooMany(reply: FastifyReply) {
  return reply
    .code(429)
    .send({ error: { code: 'ws.too_many', message: 'Too many open connections: close some of your tabs.' } })
}
