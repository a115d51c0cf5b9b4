/**
 * Domain events, emitted by a service after its transaction commits and delivered to the members
 * they concern (DESIGN.md section 3). In-process here; the WebSocket and Redis transports subscribe
 * to the same bus.
 */
import type { Message } from '#common/schemas/chat.ts'

export type DomainEvent =
  | { type: 'like.created'; userId: number; profileId: number }
  | { type: 'match.created'; userId: number; profileId: number }
  | { type: 'message.created'; userId: number; conversation: number; message: Message }
  | { type: 'message.read'; userId: number; conversation: number; lastRead: number }
  | { type: 'chat.typing'; userId: number; conversation: number; profileId: number }
  | { type: 'chat.unread'; userId: number; conversation: number; unread: number }
  | { type: 'chat.removed'; userId: number; conversation: number }
  | { type: 'credits.changed'; userId: number; credits: number }
  | { type: 'payment.updated'; userId: number; paymentId: string; status: string }

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
