// npm run test:faults (ADR 22): PostgreSQL stops under load and comes back; a payment's webhook
// arrives while it is down.
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { messages } from '#server/db/schema/chat.ts'
import { sleep, waitFor } from '../support/cluster.ts'
import { call, clientId, newMember } from '../support/cluster-members.ts'
import { creditAccount } from '../support/credits.ts'
import { describeCluster } from './describe-cluster.ts'

describeCluster('PostgreSQL down', (cluster) => {
  it('answers 503 at once with a message while it is down, and the nodes recover by themselves', async () => {
    const c = cluster()
    const base = c.nginx.base
    const reader = await newMember(base, c.database, 'Petra')
    // Credits for thousands of messages: a fast machine sends more than 500 in the test's seconds.
    const writer = await newMember(base, c.database, 'Paul', 100_000)
    const answers: Array<{ status: number; ms: number; code?: string; retryAfter?: string | null }> = []
    const acknowledged: string[] = []
    let running = true
    let sentCount = 0
    // Load: eight workers sending messages through nginx, each one after the other.
    const workers = Array.from({ length: 8 }, async () => {
      while (running) {
        const started = Date.now()
        const id = clientId()
        const res = await call(base, writer, 'POST', '/api/message.php', {
          profile: reader.profileId,
          // Counted, not random: a random text can spell a word the unkind-message rule asks about.
          text: `load message ${++sentCount}`,
          client_id: id,
        })
        const body = res.status === 200 ? null : (res.json() as { error?: { code: string } })
        answers.push({
          status: res.status,
          ms: Date.now() - started,
          code: body?.error?.code,
          retryAfter: res.headers.get('retry-after'),
        })
        if (res.status === 200) acknowledged.push(id)
        else await sleep(50)
      }
    })
    await sleep(1000)
    c.pg.stop()
    const downAt = answers.length
    await sleep(3000)
    const whileDown = answers.slice(downAt + 8)
    c.pg.start()
    const recovery = await waitFor(
      'both nodes and the site answering again',
      async () =>
        (await Promise.all(c.nodes.map(async (n) => (await fetch(`${n.base}/readyz`)).ok))).every(Boolean) &&
        answers.slice(-8).every((a) => a.status === 200),
      15_000,
    )
    running = false
    await Promise.all(workers)

    // While it was down: 503 with the code the page shows, at once (the pool waits 2 s at most).
    expect(whileDown.length).toBeGreaterThan(8)
    for (const answer of whileDown) {
      expect(answer).toMatchObject({ status: 503, code: 'server.unavailable', retryAfter: '5' })
      expect(answer.ms).toBeLessThan(2500)
    }
    // Nothing else than 200 or 503 at any time: no 500, no 502 from nginx, no refusal.
    expect(new Set(answers.map((a) => (a.status === 200 ? '200' : `${a.status} ${a.code}`)))).toEqual(
      new Set(['200', '503 server.unavailable']),
    )
    expect(recovery).toBeLessThan(10_000)
    // Every acknowledged message is there once, and the ledger adds up to the balance.
    const stored = await c.database.db
      .select({ clientId: messages.clientId })
      .from(messages)
      .where(eq(messages.senderUserId, writer.id))
    const ids = stored.map((m) => m.clientId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of acknowledged) expect(ids).toContain(id)
    const account = await creditAccount(c.database.db, writer.id)
    expect(account.ledger).toBe(account.credits)
    console.log(
      `PostgreSQL down 3 s: ${whileDown.length} answers 503 (slowest ${Math.max(...whileDown.map((a) => a.ms))} ms), recovered ${recovery} ms after its start, ${acknowledged.length} messages acknowledged`,
    )
  })

  it('a payment webhook while it is down is refused so that the provider retries, and credits once when it does', async () => {
    const c = cluster()
    const base = c.nginx.base
    const buyer = await newMember(base, c.database, 'Bea')
    const before = await creditAccount(c.database.db, buyer.id)
    const bundle = (
      (await call(base, buyer, 'GET', '/api/credits.php')).json() as {
        packages: Array<{ id: number; credits: number }>
      }
    ).packages[0]
    const started = await call(base, buyer, 'POST', '/api/payment.php', {
      package: bundle.id,
      method: 'creditcard',
    })
    expect(started.status).toBe(200)
    const providerId = String((started.json() as { checkout_url: string }).checkout_url.split('/').pop())
    // The member pays at the (sandbox) provider: it settles in 2 s and then calls the webhook.
    const paid = await fetch(`${base}/sandbox/checkout/${providerId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: 'action=pay&card=4242',
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    c.pg.stop()
    const webhook = () =>
      fetch(`${base}/api/payment-webhook.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `id=${providerId}`,
      })
    await sleep(2500)
    const refused = await webhook()
    expect(refused.status).toBe(503)
    c.pg.start()
    await waitFor('the site answering again', async () => (await fetch(`${c.nodes[0].base}/readyz`)).ok)
    // The provider retries, and again (its retries can cross): the credits come once.
    const retries = await Promise.all([webhook(), webhook(), webhook()])
    expect(retries.map((r) => r.status)).toEqual([200, 200, 200])
    const after = await creditAccount(c.database.db, buyer.id)
    expect(after.credits).toBe(before.credits + bundle.credits)
    expect(after.ledger).toBe(after.credits)
    expect(after.paid).toBe(true)
  })
})
