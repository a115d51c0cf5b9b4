import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import type { Executor } from '#server/db/client.ts'
import { locatePrimary } from '#server/db/primary.ts'
import { createTestDatabase, testEnv } from '../../tests/support/test-app.ts'
import type { DomainEvent } from './events.ts'
import { createPgEventBus, packPayloads } from './pg-events.ts'

// Without Redis, a flush's events leave a node packed into as few NOTIFY payloads as fit (issue 40,
// ADR 31): PostgreSQL takes payloads under 8,000 bytes, and every listener reads each notification.
describe('events packed for NOTIFY', () => {
  const node = randomUUID()
  const event = (i: number, text = 'Hello there') =>
    JSON.stringify({ type: 'message.created', userId: i, message: { id: i, body: text } })
  const unpack = (payloads: string[]) =>
    payloads.map((p) => JSON.parse(p) as { node: string; seq: number; events: Array<{ userId: number }> })

  it('packs a burst of events in order into a few payloads, each under the limit, numbered in turn', () => {
    let seq = 40
    const events = Array.from({ length: 900 }, (_, i) => event(i))
    const payloads = packPayloads(node, () => ++seq, events)
    expect(payloads.length).toBeLessThan(20)
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(7900)
    const envelopes = unpack(payloads)
    expect(envelopes.every((e) => e.node === node)).toBe(true)
    expect(envelopes.map((e) => e.seq)).toEqual(envelopes.map((_, i) => 41 + i))
    expect(envelopes.flatMap((e) => e.events.map((x) => x.userId))).toEqual(events.map((_, i) => i))
  })

  it('counts bytes, not characters: long texts in accented letters and emoji stay under the limit', () => {
    const long = 'é🙂'.repeat(600)
    const events = Array.from({ length: 30 }, (_, i) => event(i, long))
    const payloads = packPayloads(node, () => 1, events)
    expect(payloads.length).toBeGreaterThan(5)
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(7900)
    expect(unpack(payloads).flatMap((e) => e.events.map((x) => x.userId))).toEqual(events.map((_, i) => i))
  })

  it('sends nothing for nothing, and one event alone in its envelope', () => {
    expect(packPayloads(node, () => 1, [])).toEqual([])
    const [one] = unpack(packPayloads(node, () => 7, [event(5)]))
    expect(one).toEqual({
      node,
      seq: 7,
      events: [{ type: 'message.created', userId: 5, message: { id: 5, body: 'Hello there' } }],
    })
  })
})

// A transaction's notice (chat_send's of a new message, ADR 31) goes to the other nodes with the
// transaction itself: at its commit, never if it rolls back, and the node that sent it drops its own.
describe.runIf(testEnv.TEST_DB_KIND === 'postgres')('notices sent by a transaction', () => {
  it('reach the other nodes at the commit as the events of their rule, never the sender, never a rollback', async () => {
    const { database, drop, url } = await createTestDatabase()
    const errors: unknown[] = []
    const [a, b] = await Promise.all(
      [1, 2].map(() => createPgEventBus(locatePrimary(url ?? ''), (e) => errors.push(e))),
    )
    try {
      const rule = (data: { n: number }): DomainEvent[] => [
        { type: 'chat.unread', userId: data.n, conversation: 1, unread: data.n },
      ]
      const notice = a.noticesOf('test.kind', rule)
      expect(b.noticesOf('test.kind', rule)).toMatchObject({ channel: notice?.channel })
      const seen = { a: [] as number[], b: [] as number[] }
      a.subscribe((e) => seen.a.push(e.userId))
      b.subscribe((e) => seen.b.push(e.userId))
      const say = (tx: Executor, n: number) =>
        tx.execute(
          sql`select pg_notify(${notice?.channel}, ${notice?.head} || ${JSON.stringify({ n })} || '}')`,
        )

      const rolledBack = new Error('rolled back')
      await expect(
        database.db.transaction(async (tx) => {
          await say(tx, 1)
          throw rolledBack
        }),
      ).rejects.toBe(rolledBack)
      await database.db.transaction(async (tx) => {
        await say(tx, 2)
        await say(tx, 3)
      })
      await vi.waitFor(() => expect(seen.b).toEqual([2, 3]))
      // B's next event reaches A after the notices (one channel, in commit order): A dropped its own.
      b.emit({ type: 'chat.unread', userId: 99, conversation: 1, unread: 0 })
      await vi.waitFor(() => expect(seen.a).toEqual([99]))
      expect(seen.b).toEqual([2, 3, 99])
      expect(errors).toEqual([])
    } finally {
      await Promise.all([a.close(), b.close()])
      await drop()
    }
  })
})
