import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { batchSizes } from '#server/lib/metrics.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { sendPaidMessage } from '../../../tests/support/chat.ts'
import { settle, startPushService } from '../../../tests/support/push-service.ts'
import { memberRequest } from '../../../tests/support/requests.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

type Member = Awaited<ReturnType<typeof activeMember>>

let t: TestApp
let service: Awaited<ReturnType<typeof startPushService>>
let received: typeof service.received
let at = new Date()
const call = (member: Member, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  memberRequest(t.app, member, method, url, payload)

/** A browser's push subscription at our push service (tests/support/push-service.ts). */
const subscribe = (member: Member, status: 'ok' | 'gone' = 'ok') => service.subscribe(t.app, member, status)

const send = (from: Member, to: Member) => sendPaidMessage(t.app, from, to)

beforeAll(async () => {
  service = await startPushService()
  received = service.received
  t = await createTestApp({ clock: () => at, pushAgent: service.agent })
})
afterAll(async () => {
  await t.close()
  await service.close()
})

describe('web push', () => {
  // spec: CALL-16
  it('sends an absent member an encrypted, VAPID-signed push for a message, once, and none to the sender', async () => {
    const sender = await activeMember(t.app, { name: 'Eva', gender: 'female' })
    const reader = await activeMember(t.app, { name: 'Marc' })
    const readerPush = await subscribe(reader)
    const senderPush = await subscribe(sender)
    const conversation = await send(sender, reader)
    await settle()
    const [push, ...more] = readerPush.pushes()
    expect(more).toEqual([])
    expect(senderPush.pushes()).toEqual([])
    expect(push.headers['content-encoding']).toBe('aes128gcm')
    expect(push.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/)
    const settings = (await t.app.inject({ url: '/api/settings.php' })).json()
    expect(String(push.headers.authorization)).toContain(`k=${settings.push_public_key}`)
    expect(push.payload).toEqual({
      type: 'NEW_PUSH_MESSAGE',
      title: 'Eva sent you a message',
      body: 'Open the conversation to read it.',
      icon: '/favicon.svg',
      tag: `chat-/chats/${conversation}`,
      checkUrl: `/chats/${conversation}`,
      openUrl: '/login',
    })
    // The same event heard again (a second node through Redis) sends nothing twice.
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from notification_log where kind = 'push_message' and user_id = ${reader.user.id}`,
    )
    expect(row.n).toBe(1)
  })

  it('names a fictional profile with its mark, and says in the push what the mark means (ADR 32)', async () => {
    const operatorRun = await activeMember(t.app, { name: 'Maaike', gender: 'female' })
    await t.database.db.execute(
      sql`update profiles set fictional = true where user_id = ${operatorRun.user.id}`,
    )
    const reader = await activeMember(t.app, { name: 'Jeroen' })
    const inbox = await subscribe(reader)
    await send(operatorRun, reader)
    await settle()
    const site = t.app.services.sites.list()[0]
    expect(inbox.pushes().map((p) => [p.payload.title, p.payload.body])).toEqual([
      [`Maaike ${site.settings.fictional_icon} sent you a message`, site.settings.fictional_warning.en],
    ])
  })

  it('sends likes and matches in the member’s language, nothing while the member is on the site or has push off', async () => {
    const anna = await activeMember(t.app, { name: 'Anna', gender: 'female' })
    const paul = await activeMember(t.app, { name: 'Paul' })
    await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      payload: { language: 'fr' },
      headers: { cookie: paul.cookie },
    })
    const paulPush = await subscribe(paul)
    const annaPush = await subscribe(anna)
    expect((await call(anna, 'POST', '/api/like.php', { profile: paul.user.profile.id })).statusCode).toBe(
      200,
    )
    await settle()
    expect(paulPush.pushes().map((p) => p.payload.title)).toEqual(['Anna vous aime'])
    // Anna is on the site: the match reaches her page over the socket, not as a push.
    await t.app.services.notifications.online([anna.user.id])
    expect((await call(paul, 'POST', '/api/like.php', { profile: anna.user.profile.id })).statusCode).toBe(
      200,
    )
    await settle()
    expect(annaPush.pushes()).toEqual([])
    expect(paulPush.pushes().map((p) => p.payload.title)).toEqual([
      'Anna vous aime',
      'C’est un match avec Anna\u202f!',
    ])
    expect(paulPush.pushes()[1].payload.checkUrl).toBe(`/members/${anna.user.profile.id}`)

    // Push turned off in the settings: nothing more.
    at = new Date(at.getTime() + 120_000)
    await call(paul, 'PUT', '/api/notifications.php', { push: false })
    await send(anna, paul)
    await settle()
    expect(paulPush.pushes()).toHaveLength(2)
  })

  it('reads the subscriptions of many messages’ members together, and still pushes each reader once', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => ({
        from: await activeMember(t.app, { name: `Sender${i}`, gender: 'female' }),
        to: await activeMember(t.app, { name: `Reader${i}` }),
      })),
    )
    const inboxes = await Promise.all(pairs.map(({ to }) => subscribe(to)))
    const lookups = async () => {
      const { values } = await batchSizes.get()
      const of = (name: string) =>
        values.find((v) => v.metricName === name && v.labels.batch === 'push_targets')?.value ?? 0
      return { batches: of('db_batch_size_count'), members: of('db_batch_size_sum') }
    }
    const before = await lookups()
    // Sent at once: their chat_send batch answers together, and so do the events it emits.
    await Promise.all(pairs.map(({ from, to }) => send(from, to)))
    // Each reader's push arrives (however loaded the machine), and then no second one.
    await vi.waitFor(() => expect(inboxes.every((inbox) => inbox.pushes().length > 0)).toBe(true), {
      timeout: 10_000,
    })
    await settle()
    for (const inbox of inboxes) expect(inbox.pushes()).toHaveLength(1)
    const after = await lookups()
    // The readers were looked up (never the senders, for their own copies), in fewer queries.
    expect(after.members - before.members).toBe(6)
    expect(after.batches - before.batches).toBeLessThan(after.members - before.members)

    // Readers with no device to push to (chat_send looked, in the send's transaction) are not
    // looked up at all: the next messages to them cost the notifier no query (issue 40).
    const unsubscribed = await Promise.all(
      Array.from({ length: 3 }, async (_, i) => ({
        from: await activeMember(t.app, { name: `Writer${i}`, gender: 'female' }),
        to: await activeMember(t.app, { name: `Silent${i}` }),
      })),
    )
    await Promise.all(unsubscribed.map(({ from, to }) => send(from, to)))
    await send(pairs[0].from, pairs[0].to)
    await vi.waitFor(() => expect(inboxes[0].pushes()).toHaveLength(2), { timeout: 10_000 })
    await settle()
    const last = await lookups()
    expect(last.members - after.members).toBe(1)
    expect(inboxes[0].pushes()).toHaveLength(2)
  })

  it('forgets a subscription the push service says is gone (410)', async () => {
    const sender = await activeMember(t.app, { name: 'Lea', gender: 'female' })
    const reader = await activeMember(t.app)
    const gone = await subscribe(reader, 'gone')
    const kept = await subscribe(reader)
    await send(sender, reader)
    await settle()
    expect(received.filter((r) => r.path === new URL(gone.endpoint).pathname)).toHaveLength(1)
    expect(kept.pushes()).toHaveLength(1)
    const rows = await queryRows<{ endpoint: string }>(
      t.database.db,
      sql`select endpoint from push_subscriptions where user_id = ${reader.user.id}`,
    )
    expect(rows.map((r) => r.endpoint)).toEqual([kept.endpoint])
  })

  it('takes subscriptions at push services only, and never connects to any other host (issue 36, point 3)', async () => {
    const sender = await activeMember(t.app, { name: 'Mia', gender: 'female' })
    const reader = await activeMember(t.app, { name: 'Noah' })
    const keys = {
      p256dh: randomBytes(65).toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    }
    for (const endpoint of [
      `https://127.0.0.1:${service.port}/push`,
      'https://localhost:5432/',
      'https://[::1]:22/',
      'https://169.254.169.254/latest/meta-data/',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user.php?push=1',
        payload: { subscription: { endpoint, keys } },
        headers: { cookie: `${reader.cookie}; i18n_redirected=fr` },
        remoteAddress: '10.99.0.1',
      })
      expect(res.statusCode, endpoint).toBe(400)
      expect(res.json().error.fields['subscription.endpoint']).toBe(
        'Le service de notifications de ce navigateur n’est pas un service auquel nous pouvons envoyer. Essayez un autre navigateur.',
      )
    }
    // A subscription saved before the rule, at our own service's address: never connected to, forgotten.
    const before = received.length
    await t.database.db.execute(
      sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${reader.user.id}, ${`https://127.0.0.1:${service.port}/old/1`}, ${keys.p256dh}, ${keys.auth})`,
    )
    await send(sender, reader)
    await settle()
    expect(received.length).toBe(before)
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from push_subscriptions where user_id = ${reader.user.id}`,
    )
    expect(rows[0].n).toBe(0)
  })
})
