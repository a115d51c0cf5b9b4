/**
 * Domain events, emitted by a service after its transaction commits and delivered to the members
 * they concern (DESIGN.md section 3). In-process here; the WebSocket and Redis transports subscribe
 * to the same bus.
 */
import type { EventFrame } from '#common/schemas/frames.ts'

/**
 * An event is the frame its member's sockets get, and that member (common/schemas/frames.ts); not
 * to the socket of the tab named `exceptTab`, which had it already in its call's answer (issue 40).
 * `noPush`: nothing to push to that member for it, so the push notifier does not look them up
 * (issue 40): it is their own doing (the sender's copy of their message), or they had no device to
 * push to when it was made (the transaction that made it looked).
 */
export type DomainEvent = EventFrame & { userId: number; exceptTab?: string; noPush?: true }

/** The addressee of events for every operator's console socket (the inbox), not a member. */
export const OPERATOR_SOCKETS = -1

/** The addressee of events for every app node itself (a site's settings changed), no socket's. */
export const SERVER_NODES = -2

export type EventHandler = (event: DomainEvent) => void

export interface EventBus {
  emit(event: DomainEvent): void
  /** Returns the function that ends the subscription. */
  subscribe(handler: EventHandler): () => void
}

export function createEventBus(onError: (error: unknown) => void = () => {}): EventBus {
  const handlers = new Set<EventHandler>()
  return {
    emit(event) {
      for (const handler of handlers) {
        try {
          handler(event)
        } catch (error) {
          onError(error)
        }
      }
    },
    subscribe(handler) {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
  }
}
