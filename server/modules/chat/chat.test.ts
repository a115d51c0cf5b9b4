import { randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatSend } from '#common/schemas/chat-send.ts'
import { ServerFrame } from '#common/schemas/frames.ts'
import { users } from '#server/db/schema/members.ts'
import type { DomainEvent } from '#server/lib/events.ts'
import { localMediaStore } from '#server/lib/media-store.ts'
import { createVoiceProcessor } from '#server/lib/voice/voice-processor.ts'
import { changeCredits } from '#server/modules/credits/credits.service.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { creditAccount } from '../../../tests/support/credits.ts'
import { pngDeclaring } from '../../../tests/support/images.ts'
import { multipartBody } from '../../../tests/support/multipart.ts'
import { memberRequest } from '../../../tests/support/requests.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createChatService } from './chat.service.ts'
import { sendMessages } from './chat-send.queries.ts'

let t: TestApp
const events: DomainEvent[] = []
type Member = Awaited<ReturnType<typeof activeMember>>

const clientId = () => randomBytes(9).toString('base64url')

const call = (
  member: Member | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => memberRequest(t.app, member, method, url, payload)

const send = (from: Member, to: { profile?: number; conversation?: number }, text: string, id = clientId()) =>
  call(from, 'POST', '/api/message.php', { ...to, text, client_id: id })

/** Sets a member's credits through the ledger, and makes them Premium when asked. */
async function setCredits(member: Member, credits: number, paid = true) {
  const db = t.database.db
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, member.user.id))
  await db.transaction((tx) =>
    changeCredits(tx, {
      userId: member.user.id,
      delta: credits - row.credits,
      reason: 'test',
      reference: clientId(),
    }),
  )
  await db.update(users).set({ paidUser: paid }).where(eq(users.id, member.user.id))
}

async function balanceAndLedger(member: Member) {
  const { credits, ledger } = await creditAccount(t.database.db, member.user.id)
  return { credits, ledger }
}

beforeAll(async () => {
  t = await createTestApp()
  t.app.services.events.subscribe((event) => events.push(event))
})

afterAll(async () => {
  await t.close()
})

describe('sending messages', () => {
  it('debits exactly 50 of 200 concurrent sends against a balance that covers 50', async () => {
    const payer = await activeMember(t.app, { name: 'Payer' })
    const other = await activeMember(t.app, { name: 'Other', gender: 'female' })
    await setCredits(payer, 50 * 10)
    // More at once than a node takes (SENDS_AT_ONCE): those answered 503 go again with their
    // client_id, as the app does after Retry-After, until each has its answer.
    const ids = Array.from({ length: 200 }, () => clientId())
    const sendOne = (i: number) => send(payer, { profile: other.user.profile.id }, `message ${i}`, ids[i])
    const results = await Promise.all(ids.map((_, i) => sendOne(i)))
    expect(results.filter((r) => r.statusCode === 503).length).toBeGreaterThan(0)
    for (let busy = results.flatMap((r, i) => (r.statusCode === 503 ? [i] : [])); busy.length > 0; ) {
      const again = await Promise.all(busy.map(sendOne))
      for (const [k, r] of again.entries()) results[busy[k]] = r
      busy = busy.filter((_, k) => again[k].statusCode === 503)
    }
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(50)
    const refused = results.filter((r) => r.statusCode === 402)
    expect(refused).toHaveLength(150)
    expect(refused[0].json().error.code).toBe('credits.insufficient')
    expect(await balanceAndLedger(payer)).toEqual({ credits: 0, ledger: 0 })
    const chats = (await call(other, 'GET', '/api/chats.php')).json().chats
    expect(chats).toHaveLength(1)
    expect(chats[0].num_unread_messages).toBe(50)
  })

  it('sends and debits once for a retried client_id, even at the same time', async () => {
    const a = await activeMember(t.app, { name: 'Retry' })
    const b = await activeMember(t.app, { name: 'Target', gender: 'female' })
    await setCredits(a, 100)
    const id = clientId()
    const [first, second] = await Promise.all([
      send(a, { profile: b.user.profile.id }, 'Hello!', id),
      send(a, { profile: b.user.profile.id }, 'Hello!', id),
    ])
    const third = await send(a, { profile: b.user.profile.id }, 'Hello!', id)
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([200, 200, 200])
    expect(new Set([first, second, third].map((r) => r.json().message.id)).size).toBe(1)
    expect(third.json().credits).toBe(90)
    expect(await balanceAndLedger(a)).toEqual({ credits: 90, ledger: 90 })
    const conversation = first.json().conversation
    expect(
      (await call(b, 'GET', `/api/messages.php?conversation=${conversation}`)).json().messages,
    ).toHaveLength(1)
  })

  // spec: PROD-2, ROLE-2, CONST-2
  it('gives a free member their opening message in 2 conversations, then charges, then answers 402', async () => {
    const free = await activeMember(t.app, { name: 'Newbie' })
    await setCredits(free, 10, false)
    expect(await t.app.services.chat.openingFree(free.user.id)).toBe(true)
    const partners = await Promise.all(
      ['Uma', 'Vera', 'Wendy'].map((name) => activeMember(t.app, { name, gender: 'female' })),
    )
    const [u, v, w] = partners.map((p) => p.user.profile.id)
    expect((await send(free, { profile: u }, 'Hi Uma')).json().credits).toBe(10)
    expect((await send(free, { profile: v }, 'Hi Vera')).json().credits).toBe(10)
    // The second message in a free conversation costs; so does the opening of a third.
    const head = async (conversation: number) =>
      (await call(free, 'GET', `/api/conversation.php?id=${conversation}`)).json().next_message_free
    const withU = (await call(free, 'GET', '/api/chats.php'))
      .json()
      .chats.find((c: { profile: { id: number } }) => c.profile.id === u).conversation
    expect(await head(withU)).toBe(false)
    expect(await t.app.services.chat.openingFree(free.user.id)).toBe(false)
    // Uma's own opening to the free member is free: she has not written in that conversation yet.
    expect(
      (await call(partners[0], 'GET', `/api/conversation.php?id=${withU}`)).json().next_message_free,
    ).toBe(true)
    expect((await send(free, { profile: u }, 'How are you?')).json().credits).toBe(0)
    const broke = await send(free, { profile: w }, 'Hi Wendy')
    expect(broke.statusCode).toBe(402)
    expect(broke.json().error).toMatchObject({ code: 'credits.insufficient' })
    expect(broke.json().error.message).toMatch(/credits/i)
    expect(await balanceAndLedger(free)).toEqual({ credits: 0, ledger: 0 })
    // Nothing was saved for the refused message.
    expect((await call(partners[2], 'GET', '/api/chats.php')).json().chats).toEqual([])
  })

  it('gives exactly 2 free openings to 8 sent at once by a member with no credits (issue 55, point 4)', async () => {
    const free = await activeMember(t.app, { name: 'Hasty' })
    await setCredits(free, 0, false)
    const partners = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        activeMember(t.app, { name: `Target${'ABCDEFGH'[i]}`, gender: 'female' }),
      ),
    )
    const sent = await Promise.all(partners.map((p) => send(free, { profile: p.user.profile.id }, 'Hello!')))
    expect(sent.filter((r) => r.statusCode === 200)).toHaveLength(2)
    expect(sent.filter((r) => r.statusCode === 402)).toHaveLength(6)
    expect(await balanceAndLedger(free)).toEqual({ credits: 0, ledger: 0 })
  })

  it('refuses empty and too long texts with a clear message, and a gift costs gift_credits', async () => {
    const a = await activeMember(t.app, { name: 'Writer' })
    const b = await activeMember(t.app, { name: 'Reader', gender: 'female' })
    await setCredits(a, 100)
    const empty = await send(a, { profile: b.user.profile.id }, '   ')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.message).toBe('Write a message first.')
    const long = await send(a, { profile: b.user.profile.id }, 'x'.repeat(1001))
    expect(long.statusCode).toBe(400)
    expect(long.json().error.message).toBe('A message can have at most 1000 characters.')
    const gift = await call(a, 'POST', '/api/message.php', {
      profile: b.user.profile.id,
      text: '',
      gift: 'rose',
      client_id: clientId(),
    })
    expect(gift.statusCode).toBe(200)
    expect(gift.json()).toMatchObject({ message: { kind: 'gift', gift: 'rose' }, credits: 70 })
    expect((await send(a, { profile: b.user.profile.id }, 'x'.repeat(1000))).statusCode).toBe(200)
  })

  it('refuses a photo the member may not send before the image is read (issue 36, point 4)', async () => {
    const a = await activeMember(t.app, { name: 'Bomber' })
    const b = await activeMember(t.app, { name: 'Blocker', gender: 'female' })
    const bomb = await pngDeclaring(6300, 6300)
    const post = (to: Record<string, string>) => {
      const { body, contentType } = multipartBody(
        { kind: 'photo', ...to, client_id: clientId(), text: '' },
        { field: 'photo', filename: 'bomb.png', contentType: 'image/png', data: bomb },
      )
      return t.app.inject({
        method: 'POST',
        url: '/api/message-file.php',
        payload: body,
        headers: { cookie: a.cookie, 'content-type': contentType },
      })
    }
    // To no one, to a member who blocked the sender: the send's own refusal, not the image's.
    expect((await post({ conversation: '999999' })).json().error.code).toBe('chat.not_found')
    await t.app.inject({
      method: 'POST',
      url: '/api/block.php',
      payload: { profile: a.user.profile.id },
      headers: { cookie: b.cookie },
    })
    expect((await post({ profile: String(b.user.profile.id) })).json().error.code).toBe('member.blocked')
    // Allowed to send: only then is the image looked at, and refused for its size.
    const c = await activeMember(t.app, { name: 'Reader', gender: 'female' })
    await setCredits(a, 100)
    expect((await post({ profile: String(c.user.profile.id) })).json().error.code).toBe(
      'photos.too_many_pixels',
    )
    expect((await creditAccount(t.database.db, a.user.id)).credits).toBe(100)
  })

  it('sends a photo through the image pipeline: re-encoded, metadata gone, photo_credits charged', async () => {
    const a = await activeMember(t.app, { name: 'Snapper' })
    const b = await activeMember(t.app, { name: 'Viewer', gender: 'female' })
    await setCredits(a, 100)
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c2185b' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'Secret Person' } } })
      .toBuffer()
    const { body, contentType } = multipartBody(
      { kind: 'photo', profile: String(b.user.profile.id), client_id: clientId(), text: 'Look!' },
      { field: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: jpeg },
    )
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/message-file.php',
        payload: body,
        headers: { cookie: a.cookie, 'content-type': contentType },
      })
    const chatPhotos = async () =>
      (await readdir(path.join(t.env.DATA_DIR, 'media', 'c'), { recursive: true }).catch(() => [])).filter(
        (f) => f.endsWith('.webp'),
      ).length
    const before = await chatPhotos()
    const res = await post()
    expect(res.statusCode).toBe(200)
    // A retry answers the same message, charges nothing more and keeps no second copy of the photo.
    const again = await post()
    expect(again.json().message).toEqual(res.json().message)
    expect(again.json().credits).toBe(80)
    expect(await chatPhotos()).toBe(before + 2)
    const { message, credits } = res.json()
    expect(credits).toBe(80)
    expect(message).toMatchObject({ kind: 'photo', text: 'Look!' })
    expect(message.photo.filename).toMatch(/^\/media\/c\/.+\.webp$/)
    const stored = await t.app.inject({ url: message.photo.filename, headers: { cookie: a.cookie } })
    expect(stored.statusCode).toBe(200)
    expect(stored.rawPayload.includes(Buffer.from('Secret Person'))).toBe(false)
    // Only the two members of the chat get the photo, privately cached; nobody else with its URL.
    expect(stored.headers['cache-control']).toBe('private, max-age=31536000, immutable')
    const outsider = await activeMember(t.app, { name: 'Outsider' })
    for (const url of [message.photo.filename, message.photo.thumb_filename]) {
      expect((await t.app.inject({ url, headers: { cookie: b.cookie } })).statusCode).toBe(200)
      expect((await t.app.inject({ url, headers: { cookie: outsider.cookie } })).statusCode).toBe(404)
      expect((await t.app.inject({ url })).statusCode).toBe(404)
      expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(404)
    }
    // Blocked by the other member, the photo is gone for them too.
    await call(b, 'POST', '/api/block.php', { profile: a.user.profile.id })
    expect(
      (await t.app.inject({ url: message.photo.filename, headers: { cookie: a.cookie } })).statusCode,
    ).toBe(404)
  })
})

describe('sending in batches (group commit)', () => {
  it('never deadlocks two batches writing both ways in the same conversations, and counts exactly', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const a = await activeMember(t.app, { name: `Left${i}` })
        const b = await activeMember(t.app, { name: `Right${i}`, gender: 'female' })
        await Promise.all([setCredits(a, 1000), setCredits(b, 1000)])
        const conversation = (await send(a, { profile: b.user.profile.id }, 'Hi')).json().conversation
        return { a, b, conversation }
      }),
    )
    const item = (from: Member, conversation: number): ChatSend => ({
      sender: from.user.id,
      client_id: clientId(),
      profile: null,
      conversation,
      kind: 'text',
      text: 'Both ways',
      payload: null,
      price: 1,
      free_limit: 2,
      openings_limit: { unverified: 10, verified: 30 },
      at: new Date().toISOString(),
      flags: [],
      text_hash: null,
      notify: null,
      tab: null,
    })
    // Each round, one batch writes A→B in pairs 0 and 2 and B→A in pairs 1 and 3, the other batch the
    // opposite ways in the opposite order: taken one by one, their locks would cross.
    for (let round = 0; round < 15; round++) {
      const left = pairs.map((p, i) => (i % 2 === 0 ? item(p.a, p.conversation) : item(p.b, p.conversation)))
      const right = pairs
        .map((p, i) => (i % 2 === 0 ? item(p.b, p.conversation) : item(p.a, p.conversation)))
        .reverse()
      const results = await Promise.all([
        sendMessages(t.database.db, left),
        sendMessages(t.database.db, right),
      ])
      expect(results.flat().filter((r) => 'error' in r)).toEqual([])
    }
    for (const { a, b, conversation } of pairs) {
      expect(await balanceAndLedger(a)).toEqual({ credits: 1000 - 10 - 15, ledger: 1000 - 10 - 15 })
      expect(await balanceAndLedger(b)).toEqual({ credits: 1000 - 15, ledger: 1000 - 15 })
      const page = (await call(b, 'GET', `/api/messages.php?conversation=${conversation}`)).json()
      expect(page.messages).toHaveLength(30)
    }
  })
})

describe('who may read and write', () => {
  it('keeps strangers out of a conversation', async () => {
    const a = await activeMember(t.app, { name: 'Alice' })
    const b = await activeMember(t.app, { name: 'Bob', gender: 'female' })
    const stranger = await activeMember(t.app, { name: 'Eve' })
    await setCredits(a, 100)
    const conversation = (await send(a, { profile: b.user.profile.id }, 'Private')).json().conversation
    for (const [method, url, payload] of [
      ['GET', `/api/messages.php?conversation=${conversation}`, undefined],
      ['GET', `/api/conversation.php?id=${conversation}`, undefined],
      ['PUT', '/api/chat.php', { conversation }],
      ['DELETE', '/api/chat.php', { conversation }],
      ['POST', '/api/message.php', { conversation, text: 'Hi', client_id: clientId() }],
    ] as const) {
      const res = await call(stranger, method, url, payload)
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 })
    }
    expect((await call(null, 'GET', '/api/chats.php')).statusCode).toBe(403)
    expect((await call(null, 'GET', `/api/messages.php?conversation=${conversation}`)).statusCode).toBe(403)
  })

  // spec: ROLE-4
  it('stops a blocked member from writing and hides the blocker from their chats', async () => {
    const a = await activeMember(t.app, { name: 'Blocker', gender: 'female' })
    const b = await activeMember(t.app, { name: 'Pest' })
    await setCredits(b, 100)
    const conversation = (await send(b, { profile: a.user.profile.id }, 'Hey')).json().conversation
    await call(a, 'POST', '/api/block.php', { profile: b.user.profile.id })
    const refused = await send(b, { conversation }, 'Hello?')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toBe(
      "You're blocked by Blocker. You do not have access to this page.",
    )
    expect((await send(b, { profile: a.user.profile.id }, 'Hello?')).statusCode).toBe(403)
    expect((await call(b, 'GET', '/api/chats.php')).json().chats).toEqual([])
    expect((await call(a, 'GET', '/api/chats.php')).json().chats).toEqual([])
    expect((await send(a, { conversation }, 'Go away')).json().error.code).toBe('chat.blocked_by_you')
  })

  it('leaves the blocked member no way to reach the blocker: history, read receipts, typing, pages', async () => {
    const a = await activeMember(t.app, { name: 'Closed', gender: 'female' })
    const b = await activeMember(t.app, { name: 'Shut' })
    await setCredits(b, 100)
    const conversation = (await send(b, { profile: a.user.profile.id }, 'Hello there')).json().conversation
    await send(b, { conversation }, 'Are you there?')
    await call(a, 'POST', '/api/block.php', { profile: b.user.profile.id })
    events.length = 0
    const history = await call(b, 'GET', `/api/messages.php?conversation=${conversation}`)
    expect(history.statusCode).toBe(403)
    expect(history.json().error.message).toBe(
      "You're blocked by Closed. You do not have access to this page.",
    )
    expect((await call(b, 'PUT', '/api/chat.php', { conversation })).statusCode).toBe(403)
    await t.app.services.chat.typing(b.user.id, conversation)
    await expect(
      t.app.services.members.getPublicProfile(a.user.profile.id, '/media', b.user.id),
    ).rejects.toMatchObject({ code: 'member.blocked' })
    // The blocker still reads the history, in silence: nothing reaches the blocked member.
    expect((await call(a, 'GET', `/api/messages.php?conversation=${conversation}`)).statusCode).toBe(200)
    expect((await call(a, 'PUT', '/api/chat.php', { conversation })).statusCode).toBe(200)
    await t.app.services.chat.typing(a.user.id, conversation)
    expect(events.filter((e) => e.userId === a.user.id && e.type !== 'chat.unread')).toEqual([])
    expect(events.filter((e) => e.userId === b.user.id)).toEqual([])
    // Unblocked, the two reach each other again.
    await call(a, 'DELETE', '/api/block.php', { profile: b.user.profile.id })
    expect((await call(b, 'GET', `/api/messages.php?conversation=${conversation}`)).statusCode).toBe(200)
  })

  it('lets an invisible member keep chatting with existing contacts only', async () => {
    const shy = await activeMember(t.app, { name: 'Shy', gender: 'female' })
    const known = await activeMember(t.app, { name: 'Known' })
    const unknown = await activeMember(t.app, { name: 'Unknown' })
    await setCredits(known, 100)
    await setCredits(unknown, 100)
    await send(known, { profile: shy.user.profile.id }, 'Hi Shy')
    await call(shy, 'PUT', '/api/profile.php', { invisible: true })
    expect((await send(known, { profile: shy.user.profile.id }, 'Still there?')).statusCode).toBe(200)
    expect((await send(unknown, { profile: shy.user.profile.id }, 'Hi')).statusCode).toBe(404)
  })
})

describe('reading, removing and paging', () => {
  // spec: STATE-15, DATA-4, CALL-11
  it('counts unread messages, zeroes them on reading, and tells the sender (read receipt)', async () => {
    const a = await activeMember(t.app, { name: 'Sender' })
    const b = await activeMember(t.app, { name: 'Receiver', gender: 'female' })
    await setCredits(a, 100)
    events.length = 0
    const first = (await send(a, { profile: b.user.profile.id }, 'One')).json()
    await send(a, { conversation: first.conversation }, 'Two')
    expect(events.filter((e) => e.type === 'message.created' && e.userId === b.user.id)).toHaveLength(2)
    expect(events.filter((e) => e.type === 'credits.changed' && e.userId === a.user.id)).toHaveLength(2)
    const unread = events.filter((e) => e.type === 'chat.unread' && e.userId === b.user.id)
    expect(unread.at(-1)).toMatchObject({ unread: 2 })
    const [chat] = (await call(b, 'GET', '/api/chats.php')).json().chats
    expect(chat).toMatchObject({
      conversation: first.conversation,
      profile: { id: a.user.profile.id, name: 'Sender' },
      num_unread_messages: 2,
      last_message: { text: 'Two', from_me: false },
    })
    events.length = 0
    expect((await call(b, 'PUT', '/api/chat.php', { conversation: first.conversation })).json()).toEqual({
      num_unread_messages: 0,
      unread_total: 0,
    })
    const receipt = events.find((e) => e.type === 'message.read')
    expect(receipt).toMatchObject({ userId: a.user.id, conversation: first.conversation })
    const history = (await call(a, 'GET', `/api/messages.php?conversation=${first.conversation}`)).json()
    expect(history.partner_last_read).toBe(history.messages.at(-1).id)
  })

  it('reads only up to the newest message the page showed (issue 56: nothing marked read unseen)', async () => {
    const a = await activeMember(t.app, { name: 'Writer' })
    const b = await activeMember(t.app, { name: 'Reader', gender: 'female' })
    await setCredits(a, 100)
    const first = (await send(a, { profile: b.user.profile.id }, 'One')).json()
    await send(a, { conversation: first.conversation }, 'Two')
    await send(a, { conversation: first.conversation }, 'Three')
    events.length = 0
    const shown = first.message.id
    const read = await call(b, 'PUT', '/api/chat.php', { conversation: first.conversation, up_to: shown })
    expect(read.json()).toEqual({ num_unread_messages: 2, unread_total: 2 })
    expect(events.find((e) => e.type === 'message.read')).toMatchObject({ lastRead: shown })
    expect(events.find((e) => e.type === 'chat.unread')).toMatchObject({ unread: 2 })
    const [chat] = (await call(b, 'GET', '/api/chats.php')).json().chats
    expect(chat.num_unread_messages).toBe(2)
    // A mark never goes back, and never past the newest message.
    const back = await call(b, 'PUT', '/api/chat.php', { conversation: first.conversation, up_to: 1 })
    expect(back.json()).toEqual({ num_unread_messages: 2, unread_total: 2 })
    const past = await call(b, 'PUT', '/api/chat.php', { conversation: first.conversation, up_to: 10 ** 9 })
    expect(past.json()).toEqual({ num_unread_messages: 0, unread_total: 0 })
    const history = (await call(a, 'GET', `/api/messages.php?conversation=${first.conversation}`)).json()
    expect(history.partner_last_read).toBe(history.messages.at(-1).id)
  })

  // spec: CALL-13
  it('removes a chat for one side only; a new message brings it back without the old ones', async () => {
    const a = await activeMember(t.app, { name: 'Keeper' })
    const b = await activeMember(t.app, { name: 'Remover', gender: 'female' })
    await setCredits(a, 100)
    const { conversation } = (await send(a, { profile: b.user.profile.id }, 'Old news')).json()
    expect((await call(b, 'DELETE', '/api/chat.php', { conversation })).json()).toEqual({ removed: true })
    expect((await call(b, 'GET', '/api/chats.php')).json().chats).toEqual([])
    expect((await call(a, 'GET', '/api/chats.php')).json().chats).toHaveLength(1)
    await send(a, { conversation }, 'New news')
    const [chat] = (await call(b, 'GET', '/api/chats.php')).json().chats
    expect(chat).toMatchObject({ num_unread_messages: 1, last_message: { text: 'New news' } })
    const texts = (await call(b, 'GET', `/api/messages.php?conversation=${conversation}`))
      .json()
      .messages.map((m: { text: string }) => m.text)
    expect(texts).toEqual(['New news'])
  })

  // spec: ERR-11
  it('pages through history with keyset pagination and hides what lies beyond the history limit', async () => {
    const a = await activeMember(t.app, { name: 'Talker' })
    const b = await activeMember(t.app, { name: 'Listener', gender: 'female' })
    await setCredits(a, 10_000)
    let conversation = 0
    for (let i = 1; i <= 70; i++) {
      conversation = (await send(a, { profile: b.user.profile.id }, `m${i}`)).json().conversation
    }
    const page1 = (await call(b, 'GET', `/api/messages.php?conversation=${conversation}`)).json()
    expect(page1.messages.map((m: { text: string }) => m.text)).toEqual(
      Array.from({ length: 30 }, (_, i) => `m${41 + i}`),
    )
    expect(page1).toMatchObject({ has_more: true, older_hidden: false })
    const page2 = (
      await call(b, 'GET', `/api/messages.php?conversation=${conversation}&before=${page1.messages[0].id}`)
    ).json()
    expect(page2.messages[0].text).toBe('m11')
    const page3 = (
      await call(b, 'GET', `/api/messages.php?conversation=${conversation}&before=${page2.messages[0].id}`)
    ).json()
    expect(page3.messages.map((m: { text: string }) => m.text)).toEqual(
      Array.from({ length: 10 }, (_, i) => `m${i + 1}`),
    )
    expect(page3).toMatchObject({ has_more: false, older_hidden: false })
    const after = (
      await call(b, 'GET', `/api/messages.php?conversation=${conversation}&after=${page1.messages[27].id}`)
    ).json()
    expect(after.messages.map((m: { text: string }) => m.text)).toEqual(['m69', 'm70'])
    expect(after.has_more).toBe(false)
    // Catching up from far behind comes a page at a time, and says when there is more.
    const behind = (
      await call(b, 'GET', `/api/messages.php?conversation=${conversation}&after=${page3.messages[0].id}`)
    ).json()
    expect(behind.messages[0].text).toBe('m2')
    expect(behind.has_more).toBe(true)

    // With a history limit of 50, the 20 oldest are hidden for privacy.
    const limited = createChatService(t.database.db, {
      events: t.app.services.events,
      now: () => new Date(),
      media: localMediaStore('/nonexistent'),
      historyLimit: 50,
      safety: t.app.services.safety,
      voice: createVoiceProcessor(),
      complaints: t.app.services.complaints,
      blocks: t.app.services.memberPages,
      moves: async () => [],
    })
    const top = await limited.messages(b.user.id, { conversation, before: page1.messages[0].id })
    expect(top.messages.map((m) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `m${21 + i}`))
    expect(top).toMatchObject({ has_more: false, older_hidden: true })
  })
})

describe('events', () => {
  it('are the frames of the one contract (common/schemas/frames.ts), plus their addressee', () => {
    expect(events.length).toBeGreaterThan(0)
    for (const { userId, ...frame } of events) {
      expect(userId).toBeGreaterThan(0)
      expect(ServerFrame.safeParse(frame).success, JSON.stringify(frame)).toBe(true)
    }
  })
})
