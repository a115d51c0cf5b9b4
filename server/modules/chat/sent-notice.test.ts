import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ChatSend } from '#common/schemas/chat-send.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { giveCredits } from '../../../tests/support/credits.ts'
import { createTestApp, type TestApp, testEnv } from '../../../tests/support/test-app.ts'
import { sendMessages } from './chat-send.queries.ts'
import { noticedEvents, type SentNotice } from './sent-events.ts'

// Without Redis, chat_send tells the other app nodes of a new message itself, in its transaction
// (issue 40, ADR 31): its notice is the send's result, which each node turns into the events.
describe.runIf(testEnv.TEST_DB_KIND === 'postgres')('chat_send’s notice of a new message', () => {
  let t: TestApp
  let listener: pg.Client
  const heard: string[] = []
  const notify = { channel: 'test_sent', head: '{"node":"another","kind":"chat.sent","data":' }
  beforeAll(async () => {
    t = await createTestApp()
    listener = new pg.Client({ connectionString: (t.database.raw as { url: string }).url })
    await listener.connect()
    listener.on('notification', (n) => heard.push(n.payload ?? ''))
    await listener.query(`listen ${notify.channel}`)
  })
  afterAll(async () => {
    await listener.end()
    await t.close()
  })

  it('goes with each new message and makes its events; one too long for NOTIFY is saved, unnoticed', async () => {
    const anna = await activeMember(t.app, { name: 'Anna', gender: 'female' })
    const paul = await activeMember(t.app, { name: 'Paul' })
    await giveCredits(t.database.db, anna.user.id, 100)
    const request = (text: string): ChatSend => ({
      sender: anna.user.id,
      client_id: randomBytes(9).toString('base64url'),
      profile: paul.user.profile.id,
      conversation: null,
      kind: 'text',
      text,
      payload: null,
      price: 1,
      free_limit: 0,
      openings_limit: { unverified: 10, verified: 30 },
      at: new Date().toISOString(),
      flags: [],
      text_hash: null,
      notify,
      tab: 'tab-1',
    })
    // A site may allow 10,000 characters; NOTIFY takes under 8,000 bytes.
    const long = request('é'.repeat(9_000))
    const results = await sendMessages(t.database.db, [request('Hello Paul'), long, request('Still there?')])
    expect(results.map((r) => 'message' in r && r.fresh !== null)).toEqual([true, true, true])
    await vi.waitFor(() => expect(heard).toHaveLength(2))
    const notices = heard.map((payload) => {
      expect(payload.startsWith(notify.head)).toBe(true)
      return (JSON.parse(payload) as { data: SentNotice }).data
    })
    expect(notices.map((n) => n.tab)).toEqual(['tab-1', 'tab-1'])
    const events = notices.map(noticedEvents)
    expect(events[0].map((e) => [e.type, e.userId])).toEqual([
      ['message.created', anna.user.id],
      ['message.created', paul.user.id],
      ['chat.unread', paul.user.id],
      ['credits.changed', anna.user.id],
    ])
    expect(events[1][1]).toMatchObject({ message: { text: 'Still there?' }, noPush: true })
    expect(events[0][0]).toMatchObject({ exceptTab: 'tab-1' })

    // A send made before (the same client_id again) has no new message: no notice.
    await sendMessages(t.database.db, [long])
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(heard).toHaveLength(2)
  })
})
