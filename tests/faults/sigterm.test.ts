// npm run test:faults (ADR 22): SIGTERM to a node behind nginx (a deployment's rolling restart).
import { expect, it } from 'vitest'
import { sleep, waitFor } from '../support/cluster.ts'
import { MemberPage, newMember, resends, sendUntilAcknowledged } from '../support/cluster-members.ts'
import { describeCluster } from './describe-cluster.ts'

describeCluster('SIGTERM to a node', (cluster) => {
  it('answers what it has, sends its sockets elsewhere with 1012, exits 0, and nginx drops nothing', async () => {
    const c = cluster()
    const member = await newMember(c.nginx.base, c.database, 'Tess')
    const page = new MemberPage(c.nginx.base, member)
    await page.open()
    const holder = (await c.nodes[0].sockets()) === 1 ? c.nodes[0] : c.nodes[1]
    // Forty sign-ups through nginx, the signal in the middle of them.
    const signups = Array.from({ length: 40 }, (_, i) =>
      newMember(c.nginx.base, c.database, `Rolling${i}`).then(
        () => 201,
        (error: Error) => error.message,
      ),
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    const exit = holder.kill('SIGTERM')
    expect(await Promise.all(signups), c.nginx.upstreamErrors()).toEqual(Array(40).fill(201))
    expect(await exit).toBe(0)
    await waitFor('the page on the other node', async () => page.reconnections === 1)
    expect(page.closeCodes).toEqual([1012])
    page.close()
  })

  it('a rolling restart under steady load, as the production guide says (out of nginx, SIGTERM, back in): no request refused', async () => {
    const c = cluster()
    const base = c.nginx.base
    const [a, b] = c.nodes
    const reader = await newMember(base, c.database, 'Rory')
    const writer = await newMember(base, c.database, 'Will', 500_000)
    let sent = 0
    let running = true
    const workers = Array.from({ length: 6 }, async () => {
      while (running) {
        await sendUntilAcknowledged(base, writer, reader, 'steady')
        sent++
      }
    })
    for (const node of [a, b]) {
      await sleep(500)
      c.nginx.writeNodes(c.nodes, [node])
      await c.nginx.reload()
      expect(await node.kill('SIGTERM')).toBe(0)
      await node.start()
      c.nginx.writeNodes(c.nodes)
      await c.nginx.reload()
    }
    await sleep(500)
    running = false
    await Promise.all(workers)
    // No send was refused: the only resends are of requests on a keep-alive connection that
    // nginx's reload closed as they went out, which a browser sends again by itself.
    expect(resends.answered).toEqual([])
    expect(sent).toBeGreaterThan(100)
    console.log(
      `rolling restart of both nodes: ${sent} messages sent meanwhile, none refused (${resends.count} sent again on a connection the reload closed)`,
    )
  })
})
