// npm run test:faults (ADR 22): Redis stops and comes back under two nodes.
import { count, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { messages } from '#server/db/schema/chat.ts'
import { waitFor } from '../support/cluster.ts'
import { MemberPage, newMember, sendUntilAcknowledged } from '../support/cluster-members.ts'
import { describeCluster } from './describe-cluster.ts'

describeCluster('Redis down', (cluster) => {
  it('Redis down: sends are acknowledged and kept, members catch up at the refresh, live delivery comes back with Redis', async () => {
    const c = cluster()
    const [a, b] = c.nodes
    const redis = c.redis
    if (!redis) throw new Error('this cluster has no Redis')
    const reader = await newMember(c.nginx.base, c.database, 'Rhea')
    const writer = await newMember(c.nginx.base, c.database, 'Wes', 1000)
    // The reader's page on node A; the writer on node B: only Redis carries the event across.
    const page = new MemberPage(a.base, reader)
    await page.open()
    const first = await sendUntilAcknowledged(b.base, writer, reader, 'Before Redis stops')
    await waitFor('live delivery across nodes', async () => page.seen.has(first.client_id), 5000)

    await redis.stop()
    const during = await sendUntilAcknowledged(b.base, writer, reader, 'While Redis is down')
    const sameNode = await sendUntilAcknowledged(a.base, writer, reader, 'To the same node')
    // Events on the reader's own node are still delivered live.
    await waitFor('live delivery on one node', async () => page.seen.has(sameNode.client_id), 5000)
    // The refresh cycle (a fetch of what came) has the one that crossed nodes: nothing lost.
    await page.catchUp()
    expect(page.seen.has(during.client_id)).toBe(true)
    const ready = (await (await fetch(`${b.base}/readyz`)).json()) as { status: string; redis: string }
    expect(ready).toEqual({ status: 'ready', redis: 'down' })

    await redis.start()
    await waitFor(
      'Redis seen again',
      async () => ((await (await fetch(`${b.base}/readyz`)).json()) as { redis: string }).redis === 'up',
    )
    let after = await sendUntilAcknowledged(b.base, writer, reader, 'Redis is back')
    await waitFor(
      'live delivery across nodes again',
      async () => {
        if (page.seen.has(after.client_id)) return true
        after = await sendUntilAcknowledged(b.base, writer, reader, 'Redis is back')
        return false
      },
      10_000,
    )
    page.close()
    const stored = await c.database.db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.senderUserId, writer.id))
    expect(stored[0].n).toBeGreaterThanOrEqual(4)
  }, 60_000)
})
