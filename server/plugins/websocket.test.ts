import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOCKET_PATH } from '#common/api.ts'
import { users } from '#server/db/schema/members.ts'
import { activeMember } from '../../tests/support/accounts.ts'
import { giveCredits } from '../../tests/support/credits.ts'
import { connect, startNodes } from '../../tests/support/sockets.ts'
import { testEnv } from '../../tests/support/test-app.ts'

type Member = Awaited<ReturnType<typeof activeMember>>

async function sendMessage(app: FastifyInstance, from: Member, profile: number, text: string, tab?: string) {
  await giveCredits(app.database.db, from.user.id, 10)
  return app.inject({
    method: 'POST',
    url: '/api/message.php',
    payload: { profile, text, client_id: randomBytes(9).toString('base64url') },
    headers: { cookie: from.cookie, ...(tab ? { 'x-tab': tab } : {}) },
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

  it('answers a send to its own tab once, in the call, and to the sender’s other tabs as a frame (issue 40)', async () => {
    const [app] = cluster.nodes
    const a = await activeMember(app, { name: 'Twotabs' })
    const b = await activeMember(app, { name: 'Reader', gender: 'female' })
    const sending = connect(app, a, undefined, `${SOCKET_PATH}?tab=tab-sending-1`)
    const other = connect(app, a, undefined, `${SOCKET_PATH}?tab=tab-other-22`)
    for (const s of [sending, other]) {
      expect(await s.opened).toBe(101)
      await s.messages.next((f) => f.type === 'hello')
    }
    const sent = await sendMessage(app, a, b.user.profile.id, 'From one tab', 'tab-sending-1')
    expect(sent.json().message).toMatchObject({ text: 'From one tab' })
    expect(await other.messages.next((f) => f.type === 'message.created')).toMatchObject({
      message: { id: sent.json().message.id },
    })
    await new Promise((r) => setTimeout(r, 300))
    expect(sending.messages.frames.filter((f) => f.type === 'message.created')).toEqual([])
    // A call without a tab (another client) is echoed to every socket, as before.
    await sendMessage(app, a, b.user.profile.id, 'No tab named')
    await sending.messages.next((f) => f.type === 'message.created')
    for (const s of [sending, other]) s.socket.close()
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
describe.runIf(testEnv.TEST_DB_KIND === 'postgres')(
  'two app nodes through PostgreSQL alone (no Redis)',
  () => {
    let cluster: Awaited<ReturnType<typeof startNodes>>
    beforeAll(async () => {
      cluster = await startNodes(2, undefined)
    })
    afterAll(async () => {
      await cluster.close()
    })

    it('delivers every one of a burst of messages to a socket on the other node, each by its transaction’s notice', async () => {
      const [nodeA, nodeB] = cluster.nodes
      const a = await activeMember(nodeA, { name: 'Burster' })
      const b = await activeMember(nodeA, { name: 'Catcher', gender: 'female' })
      await giveCredits(nodeA.database.db, a.user.id, 10_000)
      const bs = connect(nodeB, b)
      expect(await bs.opened).toBe(101)
      await bs.messages.next((f) => f.type === 'hello')
      // 300 sends at once: past what the node takes at once, some are answered 503 with when to come
      // back (and never saved); sent again with their client_id, every one goes. Each reaches node B
      // by chat_send's notice, sent at the commit of the batch that saved it: none lost.
      const ids = Array.from({ length: 300 }, () => randomBytes(9).toString('base64url'))
      const send = (i: number) =>
        nodeA.inject({
          method: 'POST',
          url: '/api/message.php',
          payload: { profile: b.user.profile.id, text: `Burst ${i}`, client_id: ids[i] },
          headers: { cookie: a.cookie },
        })
      const first = await Promise.all(ids.map((_, i) => send(i)))
      const refused = first.filter((r) => r.statusCode === 503)
      expect(first.every((r) => r.statusCode === 200 || r.statusCode === 503)).toBe(true)
      expect(refused.length).toBeGreaterThan(0)
      expect(refused[0].headers['retry-after']).toBe('1')
      let again = first.flatMap((r, i) => (r.statusCode === 503 ? [i] : []))
      while (again.length > 0) {
        const wave = again.slice(0, 100)
        const answers = await Promise.all(wave.map(send))
        expect(answers.map((r) => r.statusCode)).toEqual(wave.map(() => 200))
        again = again.slice(100)
      }
      const count = () => bs.messages.frames.filter((f) => f.type === 'message.created').length
      const deadline = Date.now() + 10_000
      while (count() < 300 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
      expect(count()).toBe(300)
      // The unread counts arrive in the order they were sent: the last says 300.
      const unread = bs.messages.frames.filter((f) => f.type === 'chat.unread').map((f) => f.unread)
      expect(unread.at(-1)).toBe(300)
      bs.socket.close()
    }, 30_000)
  },
)

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
