/**
 * Domain events, emitted by a service after its transaction commits and delivered to the members
 * they concern (docs/architecture.md §3). In-process here; the WebSocket and Redis transports subscribe
 * to the same bus.
 */
import type { EventFrame } from '#common/schemas/frames.ts'

/**
 * An event is the frame its member's sockets get, and that member (common/schemas/frames.ts); not
 * to the socket of the tab named `exceptTab`, which had it already in its call's answer (issue 40).
 * `noPush`: nothing to push to that member for it, so the push notifier does not look them up
 * (issue 40): it is their own doing (the sender's copy of their message), or they had no device to
 * push to when it was made (the transaction that made it looked). `pushAbout`: what a push for it
 * names and opens where its frame does not say (a ringing or missed call's caller and conversation).
 */
export type DomainEvent = EventFrame & {
  userId: number
  exceptTab?: string
  noPush?: true
  pushAbout?: { profile: number; conversation: number }
}

/** The addressee of events for every operator's console socket (the inbox), not a member. */
export const OPERATOR_SOCKETS = -1

/** The addressee of events for every app node itself (a site's settings changed), no socket's. */
export const SERVER_NODES = -2

type EventHandler = (event: DomainEvent) => void

/**
 * What a transaction sends for the other app nodes to hear of what it did, at its commit and only
 * then: `pg_notify(channel, head || data || '}')`, `data` a JSON value (issue 40, ADR 31).
 */
interface CommitNotice {
  channel: string
  head: string
}

export interface EventBus {
  /** To this node's handlers and to the other nodes'. */
  emit(event: DomainEvent): void
  /** To this node's handlers only: for events the other nodes heard of from the transaction itself. */
  emitHere(event: DomainEvent): void
  /** Returns the function that ends the subscription. */
  subscribe(handler: EventHandler): () => void
  /**
   * Events the other nodes hear of from the transaction that made them (PostgreSQL without Redis):
   * `toEvents` is how a notice of `kind` becomes events on the other nodes; the answer is what the
   * transaction sends (its events then go to this node's handlers alone, `emitHere`). Null when
   * events reach the other nodes another way (Redis) or there are none (one process): `emit` them.
   */
  noticesOf<T>(kind: string, toEvents: (data: T) => DomainEvent[]): CommitNotice | null
}

export function createEventBus(onError: (error: unknown) => void = () => {}): EventBus {
  const handlers = new Set<EventHandler>()
  const emit = (event: DomainEvent) => {
    for (const handler of handlers) {
      try {
        handler(event)
      } catch (error) {
        onError(error)
      }
    }
  }
  return {
    emit,
    emitHere: emit,
    subscribe(handler) {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
    noticesOf: () => null,
  }
}
