import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { keepConnectionErrors } from '../db/pool.ts'
import type { Primary } from '../db/primary.ts'
import { createEventBus, type DomainEvent, type EventBus, SERVER_NODES } from './events.ts'

const CHANNEL = 'app_events'
/** PostgreSQL's NOTIFY takes payloads under 8,000 bytes. */
const MAX_PAYLOAD = 7900
const RELISTEN_MS = 1000
/** Events waiting to go to the other nodes, at most: past it the oldest are dropped (they refresh). */
const MAX_PENDING = 20_000
/** Events sent in one statement, at most. */
const MAX_PER_FLUSH = 2_000

/**
 * A notification: events from a node's batch, or a transaction's notice of what it did (`kind`,
 * `data`, sent by the transaction itself: `noticesOf`), which each node turns into its events.
 */
type Envelope = { node: string; events: DomainEvent[] } | { node: string; kind: string; data: unknown }

const envelopeHead = (node: string, seq: number) => `{"node":${JSON.stringify(node)},"seq":${seq},"events":[`
/** An envelope's bytes besides its events: a node's id (a UUID), a sequence number, the brackets. */
const ENVELOPE_BYTES = envelopeHead(randomUUID(), Number.MAX_SAFE_INTEGER).length + 2

/**
 * A flush's events packed into as few NOTIFY payloads as fit: each `{"node":…,"seq":…,"events":[…]}`
 * under MAX_PAYLOAD bytes, the events in order. `events` are serialized already; one too large to
 * fit alone was never queued.
 */
export function packPayloads(node: string, nextSeq: () => number, events: string[]): string[] {
  const payloads: string[] = []
  let open: string[] = []
  let size = 0
  const close = () => {
    if (open.length > 0) payloads.push(`${envelopeHead(node, nextSeq())}${open.join(',')}]}`)
    open = []
    size = 0
  }
  for (const event of events) {
    const bytes = Buffer.byteLength(event) + 1
    if (open.length > 0 && ENVELOPE_BYTES + size + bytes > MAX_PAYLOAD) close()
    open.push(event)
    size += bytes
  }
  close()
  return payloads
}

/**
 * The event bus across app nodes on PostgreSQL alone, when there is no Redis (ADR 22): an event is
 * delivered to this node's handlers at once, then sent to the others with NOTIFY on one channel that
 * every node LISTENs to. A member's event too large for NOTIFY (a long message) reaches other nodes'
 * members at their next refresh, as when Redis is down. After its listening connection is lost
 * (PostgreSQL restarted), a node listens again and reloads its sites, since a change may have been
 * announced meanwhile.
 *
 * Events go out in batches (issue 40, ADR 31): those emitted while a batch is on its way wait and go
 * together in the next, in one statement on one connection (`pg_notify` over an array), in order,
 * packed as many to a payload as fit (a message's three to five events in one notification, not
 * one each: PostgreSQL's queue and every listener handle a tenth of the notifications). Under load,
 * a thousand events cost one round trip, never a pooled connection each (which waited for the pool
 * and timed out at 1,500 messages a second). Each payload carries a sequence number: PostgreSQL
 * folds identical payloads of one transaction into one.
 *
 * Or they go out with the transaction that made them (`noticesOf`: a chat message's, sent by
 * chat_send): a notice of what it did, sent at its commit and never if it rolls back, which each
 * node turns into its events by the rule the sending node gave; that costs no round trip of its own.
 */
export async function createPgEventBus(
  primary: Primary,
  onError: (error: unknown) => void,
): Promise<EventBus & { close: () => Promise<void> }> {
  const node = randomUUID()
  const ownPrefix = `{"node":${JSON.stringify(node)},`
  const local = createEventBus(onError)
  const notices = new Map<string, (data: unknown) => DomainEvent[]>()
  // One connection, one statement at a time: a batch never waits for the pool. Kept however quiet
  // the node gets, like the main pool's (db/client.ts).
  // Both on the primary, the one that takes writes now: NOTIFY reaches the listeners of its own server.
  const sender = new pg.Pool({
    connectionString: primary.current(),
    Client: primary.Client,
    max: 1,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 0,
  })
  sender.on('error', () => {})
  sender.on('connect', keepConnectionErrors)
  let listener: pg.Client | null = null
  let closed = false
  let retry: NodeJS.Timeout | null = null
  let pending: string[] = []
  let flushing = false
  let scheduled = false
  let sequence = 0

  /** Sends what waits, in one statement; what comes meanwhile goes in the next. */
  function flush() {
    scheduled = false
    if (flushing || closed || pending.length === 0) return
    flushing = true
    const batch = pending.slice(0, MAX_PER_FLUSH)
    pending = pending.slice(batch.length)
    const payloads = packPayloads(node, () => ++sequence, batch)
    sender
      .query('select count(pg_notify($1, payload)) from unnest($2::text[]) as payload', [CHANNEL, payloads])
      .then(
        () => {
          flushing = false
          flush()
        },
        (error: unknown) => {
          // PostgreSQL is away: its batch is lost (members refresh), the next goes a moment later.
          onError(error)
          setTimeout(() => {
            flushing = false
            flush()
          }, RELISTEN_MS).unref()
        },
      )
  }

  async function listen(after: 'start' | 'loss') {
    const client = new primary.Client({ connectionString: primary.current() })
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return
      // This node's own events come back too: known by their first bytes, never parsed.
      if (message.payload.startsWith(ownPrefix)) return
      try {
        const envelope = JSON.parse(message.payload) as Envelope
        if (envelope.node === node) return
        const events =
          'events' in envelope ? envelope.events : (notices.get(envelope.kind)?.(envelope.data) ?? [])
        for (const event of events) local.emit(event)
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
      const payload = JSON.stringify(event)
      if (ENVELOPE_BYTES + Buffer.byteLength(payload) + 1 > MAX_PAYLOAD) return
      if (pending.length >= MAX_PENDING) pending.shift()
      pending.push(payload)
      if (!flushing && !scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    },
    emitHere: local.emit,
    subscribe: local.subscribe,
    noticesOf<T>(kind: string, toEvents: (data: T) => DomainEvent[]) {
      notices.set(kind, toEvents as (data: unknown) => DomainEvent[])
      return { channel: CHANNEL, head: `${ownPrefix}"kind":${JSON.stringify(kind)},"data":` }
    },
    async close() {
      // What waits goes out before the connection closes (a second at most).
      for (let waited = 0; (flushing || pending.length > 0) && waited < 1000; waited += 10) {
        if (!flushing) flush()
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      closed = true
      if (retry) clearTimeout(retry)
      await Promise.allSettled([listener?.end(), sender.end()])
    },
  }
}
