import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { createEventBus, type DomainEvent, type EventBus } from './events.ts'

const CHANNEL = 'app:events'

/** What goes over the channel: the event, and which node sent it (that node delivered it already). */
interface Envelope {
  node: string
  event: DomainEvent
}

/**
 * The event bus across app nodes (ADR 22). An event is delivered at once to this node's own
 * handlers, then published to Redis for the other nodes, which deliver it to theirs. While Redis is
 * down, publishing fails at once (no queue of stale events building up): members on this node
 * still get their events live, the others catch up at their page's next refresh, as the spec's
 * refresh cycle does, and the connection comes back (and re-subscribes) by itself.
 *
 * `commands` is the publishing connection, also used for the rate limits' counters.
 */
export async function createRedisEventBus(
  url: string,
  onError: (error: unknown) => void,
): Promise<EventBus & { commands: Redis; close: () => Promise<void> }> {
  const node = randomUUID()
  const local = createEventBus(onError)
  const publisher = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 })
  const subscriber = new Redis(url, { lazyConnect: true })
  publisher.on('error', onError)
  subscriber.on('error', onError)
  await Promise.all([publisher.connect(), subscriber.connect()])
  await subscriber.subscribe(CHANNEL)
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      const envelope = JSON.parse(raw) as Envelope
      if (envelope.node !== node) local.emit(envelope.event)
    } catch (error) {
      onError(error)
    }
  })
  return {
    emit(event) {
      local.emit(event)
      const envelope: Envelope = { node, event }
      publisher.publish(CHANNEL, JSON.stringify(envelope)).catch(onError)
    },
    emitHere: local.emit,
    subscribe: local.subscribe,
    noticesOf: () => null,
    commands: publisher,
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()])
    },
  }
}
