import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { keepConnectionErrors } from '../db/client.ts'
import { createEventBus, type DomainEvent, type EventBus, SERVER_NODES } from './events.ts'

const CHANNEL = 'app_events'
/** PostgreSQL's NOTIFY takes payloads under 8,000 bytes. */
const MAX_PAYLOAD = 7900
const RELISTEN_MS = 1000

/**
 * The event bus across app nodes on PostgreSQL alone, when there is no Redis (ADR 22): an event is
 * delivered to this node's handlers at once, then sent to the others with NOTIFY on one channel that
 * every node LISTENs to. A member's event too large for NOTIFY (a long message) reaches other nodes'
 * members at their next refresh, as when Redis is down. After its listening connection is lost
 * (PostgreSQL restarted), a node listens again and reloads its sites, since a change may have been
 * announced meanwhile.
 */
export async function createPgEventBus(
  url: string,
  onError: (error: unknown) => void,
): Promise<EventBus & { close: () => Promise<void> }> {
  const node = randomUUID()
  const local = createEventBus(onError)
  const sender = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 2000 })
  sender.on('error', () => {})
  sender.on('connect', keepConnectionErrors)
  let listener: pg.Client | null = null
  let closed = false
  let retry: NodeJS.Timeout | null = null

  async function listen(after: 'start' | 'loss') {
    const client = new pg.Client({ connectionString: url })
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return
      try {
        const envelope = JSON.parse(message.payload) as { node: string; event: DomainEvent }
        if (envelope.node !== node) local.emit(envelope.event)
      } catch (error) {
        onError(error)
      }
    })
    client.on('error', (error) => {
      onError(error)
      listenAgain()
    })
    client.on('end', listenAgain)
    await client.connect()
    await client.query(`listen ${CHANNEL}`)
    listener = client
    if (after === 'loss') local.emit({ type: 'sites.changed', userId: SERVER_NODES })
  }

  function listenAgain() {
    if (closed || retry) return
    listener = null
    retry = setTimeout(() => {
      retry = null
      listen('loss').catch((error) => {
        onError(error)
        listenAgain()
      })
    }, RELISTEN_MS)
    retry.unref()
  }

  await listen('start')
  return {
    emit(event) {
      local.emit(event)
      const payload = JSON.stringify({ node, event })
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) return
      sender.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch(onError)
    },
    subscribe: local.subscribe,
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      await Promise.allSettled([listener?.end(), sender.end()])
    },
  }
}
