import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema/members.ts'
import { activeMember } from '../../tests/support/accounts.ts'
import { giveCredits } from '../../tests/support/credits.ts'
import { connect, startNodes } from '../../tests/support/sockets.ts'
import { testEnv } from '../../tests/support/test-app.ts'

type Member = Awaited<ReturnType<typeof activeMember>>

async function sendMessage(app: FastifyInstance, from: Member, profile: number, text: string) {
  await giveCredits(app.database.db, from.user.id, 10)
  return app.inject({
    method: 'POST',
    url: '/api/message.php',
    payload: { profile, text, client_id: randomBytes(9).toString('base64url') },
    headers: { cookie: from.cookie },
  })
}

describe('the WebSocket on one node', () => {
  let cluster: Awaited<ReturnType<typeof startNodes>>
  beforeAll(async () => {
    cluster = await startNodes(1, undefined)
  })
  afterAll(async () => {
    await cluster.close()
  })

  it('refuses visitors and other sites, and delivers a member their messages and typing', async () => {
    const [app] = cluster.nodes
    const a = await activeMember(app, { name: 'Socket' })
    const b = await activeMember(app, { name: 'Listener', gender: 'female' })
    expect(await connect(app, null).opened).toBe(403)
    expect(await connect(app, b, 'https://evil.example').opened).toBe(403)

    const bs = connect(app, b)
    expect(await bs.opened).toBe(101)
    await bs.messages.next((f) => f.type === 'hello')
    const sent = await sendMessage(app, a, b.user.profile.id, 'Live!')
    expect(sent.statusCode).toBe(200)
    const frame = await bs.messages.next((f) => f.type === 'message.created')
    expect(frame).toMatchObject({ conversation: sent.json().conversation, message: { text: 'Live!' } })
    expect(frame).not.toHaveProperty('userId')
    await bs.messages.next((f) => f.type === 'chat.unread' && f.unread === 1)

    const as = connect(app, a)
    await as.opened
    bs.socket.send(JSON.stringify({ type: 'typing', conversation: sent.json().conversation }))
    expect(await as.messages.next((f) => f.type === 'chat.typing')).toMatchObject({
      conversation: sent.json().conversation,
      profileId: b.user.profile.id,
    })
    // A typing signal about somebody else's conversation goes nowhere.
    const c = await activeMember(app, { name: 'Intruder' })
    const cs = connect(app, c)
    await cs.opened
    cs.socket.send(JSON.stringify({ type: 'typing', conversation: sent.json().conversation }))
    await new Promise((r) => setTimeout(r, 300))
    expect(as.messages.frames.filter((f) => f.type === 'chat.typing')).toHaveLength(1)
    for (const s of [as, bs, cs]) s.socket.close()
  })

  it('keeps a member on the site while a visible page holds a socket, and not once it is hidden or closed', async () => {
    const [app] = cluster.nodes
    const member = await activeMember(app, { name: 'Present' })
    const onlineUntil = async () => {
      const [row] = await app.database.db
        .select({ until: users.onlineUntil })
        .from(users)
        .where(eq(users.id, member.user.id))
      return row.until?.getTime() ?? 0
    }
    const until = (expected: (value: number) => boolean) =>
      expect.poll(async () => expected(await onlineUntil()), { timeout: 3000 }).toBe(true)
    expect(await onlineUntil()).toBe(0)
    const page = connect(app, member)
    await page.opened
    await page.messages.next((f) => f.type === 'hello')
    await until((value) => value > Date.now() + 60_000)
    page.socket.send(JSON.stringify({ type: 'visibility', hidden: true }))
    await until((value) => value <= Date.now())
    page.socket.send(JSON.stringify({ type: 'visibility', hidden: false }))
    await until((value) => value > Date.now() + 60_000)
    page.socket.close()
    await until((value) => value <= Date.now())
  })
})

// Several app nodes share events through Redis: run when TEST_REDIS_URL is set (.ci/run sets it).
describe.runIf(Boolean(testEnv.TEST_REDIS_URL))('two app nodes through Redis', () => {
  let cluster: Awaited<ReturnType<typeof startNodes>>
  beforeAll(async () => {
    cluster = await startNodes(2, testEnv.TEST_REDIS_URL)
  })
  afterAll(async () => {
    await cluster.close()
  })

  it('delivers a message sent through one node to a WebSocket on the other', async () => {
    const [nodeA, nodeB] = cluster.nodes
    const a = await activeMember(nodeA, { name: 'OnA' })
    const b = await activeMember(nodeA, { name: 'OnB', gender: 'female' })
    const bs = connect(nodeB, b)
    expect(await bs.opened).toBe(101)
    await bs.messages.next((f) => f.type === 'hello')
    const sent = await sendMessage(nodeA, a, b.user.profile.id, 'Across nodes')
    expect(sent.statusCode).toBe(200)
    expect(await bs.messages.next((f) => f.type === 'message.created')).toMatchObject({
      message: { text: 'Across nodes' },
    })
    // And a like on node B reaches a socket on node A.
    const as = connect(nodeA, a)
    await as.opened
    await as.messages.next((f) => f.type === 'hello')
    await nodeB.inject({
      method: 'POST',
      url: '/api/like.php',
      payload: { profile: a.user.profile.id },
      headers: { cookie: b.cookie },
    })
    expect(await as.messages.next((f) => f.type === 'like.created')).toMatchObject({
      profileId: b.user.profile.id,
    })
    bs.socket.close()
    as.socket.close()
  })
})
