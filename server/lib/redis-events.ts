import { Redis } from 'ioredis'
import { createEventBus, type DomainEvent, type EventBus } from './events.ts'

const CHANNEL = 'app:events'

/** A Redis connection for commands (rate limits), connected before the app answers. */
export async function connectRedis(url: string, onError: (error: unknown) => void): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 })
  redis.on('error', onError)
  await redis.connect()
  return redis
}

/**
 * The event bus across app nodes: every event is published to Redis and delivered, on every node
 * (this one included), to the handlers subscribed there, which pass it to their own sockets.
 */
export async function createRedisEventBus(
  url: string,
  onError: (error: unknown) => void,
): Promise<EventBus & { close: () => Promise<void> }> {
  const local = createEventBus(onError)
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 })
  const subscriber = new Redis(url, { lazyConnect: true })
  publisher.on('error', onError)
  subscriber.on('error', onError)
  await Promise.all([publisher.connect(), subscriber.connect()])
  await subscriber.subscribe(CHANNEL)
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      local.emit(JSON.parse(raw) as DomainEvent)
    } catch (error) {
      onError(error)
    }
  })
  return {
    emit(event) {
      publisher.publish(CHANNEL, JSON.stringify(event)).catch(onError)
    },
    subscribe: local.subscribe,
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()])
    },
  }
}
