import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { packPayloads } from './pg-events.ts'

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
