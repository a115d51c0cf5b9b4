import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RING_SECONDS } from '#common/calls.ts'
import { creditLedger } from '#server/db/schema/accounts.ts'
import { calls } from '#server/db/schema/calls.ts'
import { profiles, users } from '#server/db/schema/members.ts'
import {
  allowCalls,
  callablePair,
  callingMember,
  type Member,
  talking as talkingIn,
} from '../../../tests/support/calls.ts'
import { memberRequest } from '../../../tests/support/requests.ts'
import { connect } from '../../../tests/support/sockets.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// Calls (issue 59): consent, the ring that ends alike however it ends, the signalling that passes
// only the relay's candidates and only between a call's two members, the per-minute debit, and the
// block, logout and consent that end a call. The clock is the test's: the sweep runs what is due.

let t: TestApp
let clock = new Date('2026-03-02T10:00:00Z')
const PRICE = 15

beforeAll(async () => {
  t = await createTestApp({
    clock: () => clock,
    env: { TURN_URL: 'turn:127.0.0.2:3478?transport=udp', TURN_SECRET: 'a-secret-of-the-relay-0123456789' },
  })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await t?.close()
})

const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000)
}
const sweep = () => t.app.services.calls.sweep()

const member = (name: string, credits = 500) => callingMember(t, name, credits)
const credits = async (m: Member) =>
  (await t.database.db.select({ credits: users.credits }).from(users).where(eq(users.id, m.user.id)))[0]
    ?.credits

const clientId = () => randomBytes(9).toString('base64url')

/** A conversation both members wrote in. */
const talking = (a: Member, b: Member, answered = true) => talkingIn(t, a, b, answered)
const consent = (m: Member, conversation: number, allowed = true) => allowCalls(t, m, conversation, allowed)

/** Two members who both allow calls in their conversation, with their sockets open. */
async function pair(callerCredits = 500) {
  const { a, b, conversation } = await callablePair(t, ['Anouk', 'Bruno'], callerCredits)
  const sa = connect(t.app, a)
  const sb = connect(t.app, b)
  await Promise.all([sa.opened, sb.opened])
  await Promise.all([
    sa.messages.next((f) => f.type === 'hello'),
    sb.messages.next((f) => f.type === 'hello'),
  ])
  return { a, b, conversation, sa, sb }
}

const callFrames = (socket: ReturnType<typeof connect>) =>
  socket.messages.frames.filter((f) => String(f.type).startsWith('call.') && f.type !== 'call.consent')

describe('consent', () => {
  it('opens calls only once both members wrote and both allow them; neither sees the other choose first', async () => {
    const a = await member('Chloé')
    const b = await member('Denis')
    const conversation = await talking(a, b, false)
    let shown = (
      await memberRequest(t.app, a, 'GET', `/api/call-consent.php?conversation=${conversation}`)
    ).json()
    expect(shown).toMatchObject({ available: false, unavailable: 'not_written', allowed_by_me: false })
    await memberRequest(t.app, b, 'POST', '/api/message.php', {
      conversation,
      text: 'Hey',
      client_id: clientId(),
    })
    expect((await consent(a, conversation)).json()).toMatchObject({
      allowed_by_me: true,
      available: false,
      unavailable: null,
    })
    // Bruno sees nothing of Chloé's choice.
    shown = (
      await memberRequest(t.app, b, 'GET', `/api/call-consent.php?conversation=${conversation}`)
    ).json()
    expect(shown).toEqual({
      conversation,
      allowed_by_me: false,
      available: false,
      unavailable: null,
      credits_per_minute: PRICE,
    })
    const sa = connect(t.app, a)
    await sa.opened
    expect((await consent(b, conversation)).json()).toMatchObject({ allowed_by_me: true, available: true })
    expect(await sa.messages.next((f) => f.type === 'call.consent')).toEqual({
      type: 'call.consent',
      conversation,
      available: true,
    })
    // A call without both is refused; a stranger to the conversation learns nothing of it.
    await consent(b, conversation, false)
    const refused = await memberRequest(t.app, a, 'POST', '/api/call.php', { conversation, video: true })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('call.unavailable')
    const stranger = await member('Eve')
    expect(
      (await memberRequest(t.app, stranger, 'GET', `/api/call-consent.php?conversation=${conversation}`))
        .statusCode,
    ).toBe(404)
    sa.socket.close()
  })

  it('offers no call with a fictional profile, and says why', async () => {
    const a = await member('Fanny')
    const b = await member('Gaspard')
    const conversation = await talking(a, b)
    await t.database.db.update(profiles).set({ fictional: true }).where(eq(profiles.userId, b.user.id))
    await consent(a, conversation)
    const shown = (
      await memberRequest(t.app, a, 'GET', `/api/call-consent.php?conversation=${conversation}`)
    ).json()
    expect(shown).toMatchObject({ available: false, unavailable: 'fictional' })
  })
})

describe('the ring', () => {
  it('ends in the same frames at the same moment whether the callee declined, was busy or did nothing', async () => {
    const declined = await pair()
    const silent = await pair()
    const busy = await pair()
    // The busy callee is already in a call of their own (ringing counts).
    const other = await pair()
    const busyConversation = await talking(other.a, busy.b)
    await consent(other.a, busyConversation)
    await consent(busy.b, busyConversation)
    const first = await memberRequest(t.app, other.a, 'POST', '/api/call.php', {
      conversation: busyConversation,
      video: false,
    })
    expect(first.statusCode, first.body).toBe(200)
    // A caller in a call cannot start another.
    const second = await memberRequest(t.app, other.a, 'POST', '/api/call.php', {
      conversation: other.conversation,
      video: false,
    })
    expect(second.json().error.code).toBe('call.busy')

    const started = new Map<string, number>()
    for (const [name, p] of Object.entries({ declined, silent, busy })) {
      const res = await memberRequest(t.app, p.a, 'POST', '/api/call.php', {
        conversation: p.conversation,
        video: true,
      })
      expect(res.statusCode, res.body).toBe(200)
      started.set(name, res.json().call)
    }
    const ring = await declined.sb.messages.next((f) => f.type === 'call.ringing')
    expect(ring).toMatchObject({
      call: started.get('declined'),
      video: true,
      caller: { name: 'Anouk', verified: false },
    })
    await memberRequest(t.app, declined.b, 'POST', '/api/call-answer.php', {
      call: started.get('declined'),
      accept: false,
    })
    // The busy callee was never rung.
    await new Promise((r) => setTimeout(r, 200))
    expect(
      busy.sb.messages.frames.some((f) => f.type === 'call.ringing' && f.call === started.get('busy')),
    ).toBe(false)
    // Before the ring's end, no caller has heard anything.
    later(RING_SECONDS - 1)
    await sweep()
    for (const p of [declined, silent, busy]) expect(callFrames(p.sa)).toEqual([])
    later(1)
    await sweep()
    const heard = await Promise.all(
      [declined, silent, busy].map(async (p) => {
        await p.sa.messages.next((f) => f.type === 'call.ended')
        return callFrames(p.sa).map(({ call: _, ...frame }) => frame)
      }),
    )
    expect(heard[0]).toEqual([{ type: 'call.ended', reason: 'no_answer' }])
    expect(heard[1]).toEqual(heard[0])
    expect(heard[2]).toEqual(heard[0])
    const rows = await t.database.db.select().from(calls).where(eq(calls.callerUserId, declined.a.user.id))
    expect(rows[0]).toMatchObject({ state: 'ended', endReason: 'no_answer', minutesCharged: 0 })
    expect(rows[0].endedAt?.getTime()).toBe(rows[0].ringEndsAt.getTime())
    for (const p of [declined, silent, busy, other]) {
      p.sa.socket.close()
      p.sb.socket.close()
    }
  })
})

describe('an answered call', () => {
  it("passes only the relay's candidates, only between its members, and costs the caller each started minute", async () => {
    const { a, b, conversation, sa, sb } = await pair()
    const before = await credits(a)
    const calleeBefore = await credits(b)
    // A member cannot call into a conversation that is not theirs.
    const stranger = await pair()
    const refused = await memberRequest(t.app, a, 'POST', '/api/call.php', {
      conversation: stranger.conversation,
      video: true,
    })
    expect(refused.statusCode).toBe(404)
    const res = await memberRequest(t.app, a, 'POST', '/api/call.php', { conversation, video: true })
    expect(res.statusCode, res.body).toBe(200)
    const { call, ice } = res.json()
    expect(ice.policy).toBe('relay')
    expect(ice.servers[0].username).toMatch(new RegExp(`^\\d+:${a.user.id}$`))
    await sb.messages.next((f) => f.type === 'call.ringing')
    // Before an answer, nothing passes (asked of the service: a socket's frame is read asynchronously).
    expect(
      await t.app.services.calls.signal(a.user.id, { call, description: { type: 'offer', sdp: 'v=0' } }),
    ).toBe(false)
    const answered = await memberRequest(t.app, b, 'POST', '/api/call-answer.php', { call, accept: true })
    expect(answered.statusCode, answered.body).toBe(200)
    expect(answered.json().ice.servers[0].username).toMatch(new RegExp(`^\\d+:${b.user.id}$`))
    await sa.messages.next((f) => f.type === 'call.accepted')
    // The callee's other pages hear it was answered, and stop ringing.
    await sb.messages.next((f) => f.type === 'call.accepted' && f.call === call)
    expect(await credits(a)).toBe((before ?? 0) - PRICE)

    const relay =
      'candidate:1 1 udp 41885695 127.0.0.2 50010 typ relay raddr 198.51.100.23 rport 61000 generation 0'
    const host = 'candidate:2 1 udp 2122260223 192.168.1.20 52000 typ host generation 0'
    sa.socket.send(
      JSON.stringify({
        type: 'call.signal',
        call,
        candidate: { candidate: host, sdpMid: '0', sdpMLineIndex: 0 },
      }),
    )
    sa.socket.send(
      JSON.stringify({
        type: 'call.signal',
        call,
        candidate: { candidate: relay, sdpMid: '0', sdpMLineIndex: 0 },
      }),
    )
    const passed = await sb.messages.next((f) => f.type === 'call.signal' && f.candidate !== undefined)
    expect(passed.candidate).toEqual({
      candidate: 'candidate:1 1 udp 41885695 127.0.0.2 50010 typ relay raddr 0.0.0.0 rport 0 generation 0',
      sdpMid: '0',
      sdpMLineIndex: 0,
    })
    // A third member's frames for this call go nowhere.
    const eve = await member('Eve')
    const se = connect(t.app, eve)
    await se.opened
    se.socket.send(
      JSON.stringify({ type: 'call.signal', call, description: { type: 'answer', sdp: 'v=0\r\na=eve' } }),
    )
    await new Promise((r) => setTimeout(r, 300))
    const signals = [...sa.messages.frames, ...sb.messages.frames].filter((f) => f.type === 'call.signal')
    expect(signals).toHaveLength(1)
    // The callee's unblurring reaches the caller; the caller's own "shown" goes nowhere.
    sa.socket.send(JSON.stringify({ type: 'call.signal', call, shown: true }))
    sb.socket.send(JSON.stringify({ type: 'call.signal', call, shown: true }))
    expect(await sa.messages.next((f) => f.type === 'call.signal' && f.shown === true)).toEqual({
      type: 'call.signal',
      call,
      shown: true,
    })
    await new Promise((r) => setTimeout(r, 200))
    expect(sb.messages.frames.filter((f) => f.shown)).toEqual([])

    // 61 s: the second minute; 150 s later, hung up: three minutes for 2 min 31 s.
    later(61)
    await sweep()
    await sa.messages.next((f) => f.type === 'call.meter' && f.minutes === 2)
    later(90)
    await sweep()
    await memberRequest(t.app, b, 'POST', '/api/call-end.php', { call })
    await sa.messages.next((f) => f.type === 'call.ended')
    const [row] = await t.database.db.select().from(calls).where(eq(calls.id, call))
    expect(row).toMatchObject({ state: 'ended', endReason: 'ended', minutesCharged: 3 })
    const seconds = ((row.endedAt?.getTime() ?? 0) - (row.answeredAt?.getTime() ?? 0)) / 1000
    expect(Math.ceil(seconds / 60)).toBe(3)
    const debits = await t.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, a.user.id), eq(creditLedger.reason, 'call')))
    expect(debits.map((d) => d.reference).sort()).toEqual([
      `call:${call}:1`,
      `call:${call}:2`,
      `call:${call}:3`,
    ])
    expect(await credits(a)).toBe((before ?? 0) - 3 * PRICE)
    expect(await credits(b)).toBe(calleeBefore)
    for (const s of [sa, sb, se, stranger.sa, stranger.sb]) s.socket.close()
  })

  it('does not start without a minute of credits, and says so in the caller’s words', async () => {
    const { a, conversation, sa, sb } = await pair(PRICE - 1)
    const refused = await memberRequest(t.app, a, 'POST', '/api/call.php', { conversation, video: false })
    expect(refused.statusCode).toBe(402)
    expect(refused.json().error).toEqual({
      code: 'call.no_credits',
      message: `You need at least ${PRICE} credits for a minute of a call.`,
    })
    sa.socket.close()
    sb.socket.close()
  })

  it('ends when the credits do, with every started minute paid and none beyond', async () => {
    const { a, b, conversation, sa, sb } = await pair(2 * PRICE)
    const { call } = (
      await memberRequest(t.app, a, 'POST', '/api/call.php', { conversation, video: false })
    ).json()
    await memberRequest(t.app, b, 'POST', '/api/call-answer.php', { call, accept: true })
    const meter = await sa.messages.next((f) => f.type === 'call.meter')
    expect(meter).toMatchObject({ minutes: 1, credits: PRICE, balance: PRICE, credits_per_minute: PRICE })
    later(60)
    await sweep()
    expect(await sa.messages.next((f) => f.type === 'call.meter' && f.minutes === 2)).toMatchObject({
      balance: 0,
    })
    later(60)
    await sweep()
    expect(await sa.messages.next((f) => f.type === 'call.ended')).toEqual({
      type: 'call.ended',
      call,
      reason: 'credits',
    })
    expect(await sb.messages.next((f) => f.type === 'call.ended')).toEqual({
      type: 'call.ended',
      call,
      reason: 'credits',
    })
    expect(await credits(a)).toBe(0)
    const [row] = await t.database.db.select().from(calls).where(eq(calls.id, call))
    expect(((row.endedAt?.getTime() ?? 0) - (row.answeredAt?.getTime() ?? 0)) / 1000).toBe(120)
    sa.socket.close()
    sb.socket.close()
  })

  it('brings each member fresh relay credentials with the eighth minute, before theirs expire', async () => {
    const { a, b, conversation, sa, sb } = await pair()
    const { call } = (
      await memberRequest(t.app, a, 'POST', '/api/call.php', { conversation, video: false })
    ).json()
    await memberRequest(t.app, b, 'POST', '/api/call-answer.php', { call, accept: true })
    for (let minute = 2; minute <= 8; minute++) {
      later(60)
      await sweep()
    }
    const eighth = await sa.messages.next((f) => f.type === 'call.meter' && f.minutes === 8)
    const seventh = await sa.messages.next((f) => f.type === 'call.meter' && f.minutes === 7)
    expect(seventh.ice).toBeUndefined()
    const expiry = Number(
      (eighth.ice as { servers: Array<{ username: string }> }).servers[0].username.split(':')[0],
    )
    expect(expiry * 1000).toBe(Math.floor(clock.getTime() / 1000) * 1000 + 600_000)
    const calleeEighth = await sb.messages.next((f) => f.type === 'call.meter' && f.minutes === 8)
    expect((calleeEighth.ice as { servers: Array<{ username: string }> }).servers[0].username).toMatch(
      new RegExp(`:${b.user.id}$`),
    )
    await memberRequest(t.app, a, 'POST', '/api/call-end.php', { call })
    sa.socket.close()
    sb.socket.close()
  })

  it('ends at once on a block, a logout, or calls turned off', async () => {
    for (const ending of ['block', 'logout', 'consent'] as const) {
      const { a, b, conversation, sa, sb } = await pair()
      const { call } = (
        await memberRequest(t.app, a, 'POST', '/api/call.php', { conversation, video: true })
      ).json()
      await memberRequest(t.app, b, 'POST', '/api/call-answer.php', { call, accept: true })
      await sa.messages.next((f) => f.type === 'call.accepted')
      if (ending === 'block')
        await memberRequest(t.app, b, 'POST', '/api/block.php', { profile: a.user.profile.id, blocked: true })
      if (ending === 'logout') await memberRequest(t.app, b, 'GET', '/api/logout.php')
      if (ending === 'consent') await consent(a, conversation, false)
      expect(await sa.messages.next((f) => f.type === 'call.ended', 1000), ending).toMatchObject({
        call,
        reason: 'ended',
      })
      sa.socket.close()
      sb.socket.close()
    }
  })
})

describe('statistics', () => {
  it('count the calls real members started and the minutes their callers paid, per day and site', async () => {
    const day = clock.toISOString().slice(0, 10)
    const rows = await t.database.db.select().from(calls)
    const started = rows.filter((r) => r.startedAt.toISOString().slice(0, 10) === day)
    expect(started.some((r) => r.minutesCharged > 1)).toBe(true)
    await t.app.services.statistics.refresh({ from: day, to: day }, null)
    const report = await t.app.services.statistics.report({ from: day, to: day, by: 'site' })
    const site = report.rows.find((r) => r.key === String(started[0].siteId))
    expect(site).toMatchObject({
      calls: started.length,
      call_minutes: started.reduce((sum, r) => sum + r.minutesCharged, 0),
    })
  })
})
