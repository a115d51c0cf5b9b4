import { afterAll, beforeAll, expect, it } from 'vitest'
import { RING_SECONDS } from '#common/calls.ts'
import { callablePair, type Member } from '../../../tests/support/calls.ts'
import { settle, startPushService } from '../../../tests/support/push-service.ts'
import { memberRequest } from '../../../tests/support/requests.ts'
import { connect } from '../../../tests/support/sockets.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { updateEnded } from './calls.queries.ts'

// A call reaches a callee with no page open (ADR 37): its ring as a push, and a page they open while
// it rings rings too; a call they missed (it rang to its end, or the caller gave up while it rang)
// as a second push in the ring's place, once. A declined call is never pushed as missed: the decline
// stays silence for the caller, and the callee knows of it already.

let t: TestApp
let service: Awaited<ReturnType<typeof startPushService>>
let clock = new Date('2026-03-02T10:00:00Z')

beforeAll(async () => {
  service = await startPushService()
  t = await createTestApp({ clock: () => clock, pushAgent: service.agent })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await t?.close()
  await service?.close()
})

const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000)
}

/** Two members who both wrote in their conversation and allow calls there, each with a device to push to. */
async function pair(callerName: string, calleeName: string) {
  const { a, b, conversation } = await callablePair(t, [callerName, calleeName])
  const [callerPush, calleePush] = [await service.subscribe(t.app, a), await service.subscribe(t.app, b)]
  // The messages' own pushes are not this test's.
  await settle()
  const before = calleePush.pushes().length
  const ring = async () => {
    const res = await memberRequest(t.app, a, 'POST', '/api/call.php', { conversation, video: true })
    expect(res.statusCode).toBe(200)
    return Number(res.json().call)
  }
  return {
    a,
    b,
    conversation,
    ring,
    callerPushes: () => callerPush.pushes().filter((p) => p.payload.tag.startsWith('call-')),
    calleePushes: () => calleePush.pushes().slice(before),
  }
}

const ringPush = (name: string, conversation: number) => ({
  type: 'NEW_PUSH_MESSAGE',
  title: `${name} is calling you`,
  body: 'Open the conversation to answer.',
  icon: '/favicon.svg',
  tag: `call-/chats/${conversation}`,
  checkUrl: `/chats/${conversation}`,
  openUrl: '/login',
  ring: true,
})

it('pushes the ring, then a missed call in its place once, when it rang to its end or the caller gave up', async () => {
  const { a, conversation, ring, callerPushes, calleePushes } = await pair('Anouk', 'Bruno')
  await ring()
  await settle()
  expect(calleePushes().map((p) => p.payload)).toEqual([ringPush('Anouk', conversation)])
  later(RING_SECONDS + 1)
  await t.app.services.calls.sweep()
  await t.app.services.calls.sweep()
  await settle()
  expect(calleePushes().map((p) => p.payload)).toEqual([
    ringPush('Anouk', conversation),
    {
      type: 'NEW_PUSH_MESSAGE',
      title: 'Missed call from Anouk',
      body: 'Open the conversation to call back.',
      icon: '/favicon.svg',
      tag: `call-/chats/${conversation}`,
      checkUrl: `/chats/${conversation}`,
      openUrl: '/login',
    },
  ])
  // The caller gives up while it rings: missed too, and the sweep after it sends nothing more.
  const call = await ring()
  later(5)
  expect((await memberRequest(t.app, a, 'POST', '/api/call-end.php', { call })).statusCode).toBe(200)
  later(RING_SECONDS)
  await t.app.services.calls.sweep()
  await settle()
  expect(calleePushes().map((p) => p.payload.title)).toEqual([
    'Anouk is calling you',
    'Missed call from Anouk',
    'Anouk is calling you',
    'Missed call from Anouk',
  ])
  expect(callerPushes()).toEqual([])
})

it('pushes no missed call for a declined one, and nothing to a callee with a page open', async () => {
  const { b, ring, calleePushes } = await pair('Chloé', 'Denis')
  const call = await ring()
  const declined = await memberRequest(t.app, b, 'POST', '/api/call-answer.php', { call, accept: false })
  expect(declined.statusCode).toBe(200)
  later(RING_SECONDS + 1)
  await t.app.services.calls.sweep()
  await settle()
  expect(calleePushes().map((p) => p.payload.title)).toEqual(['Chloé is calling you'])
  // On the site: the ring reached the page, and its end is no news to push.
  await t.app.services.notifications.online([b.user.id])
  await ring()
  later(RING_SECONDS + 1)
  await t.app.services.calls.sweep()
  await settle()
  expect(calleePushes().map((p) => p.payload.title)).toEqual(['Chloé is calling you'])
})

/** The ring frames a page of the member gets as it opens now: its socket's, a moment after hello. */
async function ringsOnOpen(m: Member) {
  const page = connect(t.app, m)
  await page.opened
  await page.messages.next((f) => f.type === 'hello')
  await settle()
  page.socket.close()
  return page.messages.frames.filter((f) => f.type === 'call.ringing')
}

it('rings a page the callee opens while the call rings, and no page opened after it', async () => {
  const { b, conversation, ring } = await pair('Gabrielle', 'Hugo')
  const call = await ring()
  later(10)
  // The page the push opens: its socket gets the ring, with the 20 s it has left.
  expect(await ringsOnOpen(b)).toMatchObject([
    {
      type: 'call.ringing',
      call,
      conversation,
      video: true,
      caller: { name: 'Gabrielle', verified: false },
      ring_ends_at: new Date(clock.getTime() + (RING_SECONDS - 10) * 1000).toISOString(),
    },
  ])
  // Declined, or rung out (though not yet swept): a page opened then does not ring.
  expect(
    (await memberRequest(t.app, b, 'POST', '/api/call-answer.php', { call, accept: false })).statusCode,
  ).toBe(200)
  expect(await ringsOnOpen(b)).toEqual([])
  // The caller's ring runs its course, then they call again and nobody answers.
  later(RING_SECONDS)
  await t.app.services.calls.sweep()
  await ring()
  later(RING_SECONDS + 1)
  expect(await ringsOnOpen(b)).toEqual([])
})

it('takes a ring the callee declined as the caller hung up for a decline: no missed call', async () => {
  const { b, ring } = await pair('Emma', 'Félix')
  const call = await ring()
  // The caller's hang-up read the call ringing; the callee's decline commits before it ends the call.
  const declined = await memberRequest(t.app, b, 'POST', '/api/call-answer.php', { call, accept: false })
  expect(declined.statusCode).toBe(200)
  const ended = await updateEnded(t.database.db, call, 'ended', clock)
  expect(ended && { state: ended.call.state, rang: ended.rang }).toEqual({ state: 'ended', rang: false })
  // A ring ended while it rings is one the callee missed.
  const again = await updateEnded(t.database.db, await ring(), 'ended', clock)
  expect(again?.rang).toBe(true)
})
