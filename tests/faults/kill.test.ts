// npm run test:faults (ADR 22): kill -9 of the node holding a member's socket while 200 messages a
// second flow to that member through nginx.
import { inArray } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { messages } from '#server/db/schema/chat.ts'
import { sleep, waitFor } from '../support/cluster.ts'
import {
  clientId,
  type Member,
  MemberPage,
  newMember,
  resends,
  sendUntilAcknowledged,
} from '../support/cluster-members.ts'
import { creditAccount } from '../support/credits.ts'
import { describeCluster } from './describe-cluster.ts'

const RATE = 200
const SECONDS = 4
const KILL_AFTER_MS = 1500
const BURST = 40

describeCluster('kill -9 of a node', (cluster) => {
  it('loses no acknowledged message, sends none twice, debits once, and the member catches up through the other node in under 5 s', async () => {
    const c = cluster()
    const base = c.nginx.base
    const reader = await newMember(base, c.database, 'Kira')
    const senders: Member[] = []
    for (let i = 0; i < 20; i++) senders.push(await newMember(base, c.database, `Sender${i}`, 10_000))
    const page = new MemberPage(base, reader)
    await page.open()
    // Each conversation starts before the load, so that the page knows it.
    for (const sender of senders) {
      const first = await sendUntilAcknowledged(base, sender, reader, 'Hello')
      await waitFor('the first message, live', async () => page.seen.has(first.client_id), 5000)
    }
    const holder = (await c.nodes[0].sockets()) === 1 ? c.nodes[0] : c.nodes[1]
    expect(await holder.sockets()).toBe(1)

    // 200 messages a second, each sent again (same client_id) until acknowledged, as the page does.
    const acknowledged = new Map<string, number>()
    const sends: Promise<void>[] = []
    const start = Date.now()
    let killedAt = 0
    const send = (n: number) => {
      const id = clientId()
      sends.push(
        sendUntilAcknowledged(base, senders[n % senders.length], reader, `m${n}`, id).then(
          () => void acknowledged.set(id, Date.now()),
        ),
      )
    }
    for (let n = 0; n < RATE * SECONDS; n++) {
      const due = start + (n * 1000) / RATE
      if (due > Date.now()) await sleep(due - Date.now())
      if (!killedAt && Date.now() - start >= KILL_AFTER_MS) {
        // A burst just before the kill, so that sends are in flight on the node when it dies.
        for (let extra = 0; extra < BURST; extra++) send(RATE * SECONDS + extra)
        await sleep(5)
        killedAt = Date.now()
        void holder.kill('SIGKILL')
      }
      send(n)
    }
    const sentIn = Date.now() - start
    await Promise.all(sends)

    // The page reconnected through nginx to the other node and fetched what it missed.
    await waitFor('the page reconnected and caught up', async () => page.lastCatchUp > killedAt, 5000)
    const caughtUpIn = page.lastCatchUp - killedAt
    expect(page.reconnections).toBe(1)
    expect(caughtUpIn).toBeLessThan(5000)
    const missedBefore = [...acknowledged].filter(([id, at]) => at < killedAt && !page.seen.has(id))
    expect(missedBefore).toEqual([])
    // After the catch-up, messages come live again from the other node.
    const live = [...acknowledged].filter(([, at]) => at > page.lastCatchUp + 500)
    await waitFor(
      'live messages after the reconnection',
      async () => live.every(([id]) => page.seen.has(id)),
      5000,
    )

    // Stored: every acknowledged message once; each sender's ledger adds up to their balance.
    const stored = await c.database.db
      .select({ clientId: messages.clientId })
      .from(messages)
      .where(inArray(messages.clientId, [...acknowledged.keys()]))
    expect(stored.length).toBe(acknowledged.size)
    expect(acknowledged.size).toBe(RATE * SECONDS + BURST)
    for (const sender of senders) {
      const account = await creditAccount(c.database.db, sender.id)
      expect(account.ledger).toBe(account.credits)
    }
    // And the page has each once (a map by client_id), all of them after one more refresh.
    await page.catchUp()
    expect([...acknowledged.keys()].every((id) => page.seen.has(id))).toBe(true)
    page.close()
    console.log(
      `kill -9 under ${RATE} msg/s and a burst of ${BURST}: ${acknowledged.size} messages sent in ${sentIn} ms, all acknowledged and stored once (${resends.count} sent again after a failure); the page caught up ${caughtUpIn} ms after the kill`,
    )
  }, 90_000)
})
