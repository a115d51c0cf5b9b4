import { afterAll, beforeAll, expect, it } from 'vitest'
import { RING_SECONDS } from '#common/calls.ts'
import { callablePair } from '../../../tests/support/calls.ts'
import { settle, startPushService } from '../../../tests/support/push-service.ts'
import { memberRequest } from '../../../tests/support/requests.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { updateEnded } from './calls.queries.ts'

// A call the callee missed (it rang to its end, or the caller gave up while it rang) reaches a callee
// with no page open as a push, once; a declined call, like any other end, never does: the decline
// stays silence for the caller, and the callee knows of it already.

let t: TestApp
let service: Awaited<ReturnType<typeof startPushService>>
let clock = new Date('2026-03-02T10:00:00Z')

beforeAll(async () => {
  service = await startPushService()
  t = await createTestApp({ clock: () => clock, pushAgent: service.agent })
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

it('pushes a missed call to the callee once, when it rang to its end or the caller gave up', async () => {
  const { a, conversation, ring, callerPushes, calleePushes } = await pair('Anouk', 'Bruno')
  await ring()
  later(RING_SECONDS + 1)
  await t.app.services.calls.sweep()
  await t.app.services.calls.sweep()
  await settle()
  expect(calleePushes().map((p) => p.payload)).toEqual([
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
    'Missed call from Anouk',
    'Missed call from Anouk',
  ])
  expect(callerPushes()).toEqual([])
})

it('pushes nothing for a declined call, nor to a callee with a page open', async () => {
  const { b, ring, calleePushes } = await pair('Chloé', 'Denis')
  const call = await ring()
  const declined = await memberRequest(t.app, b, 'POST', '/api/call-answer.php', { call, accept: false })
  expect(declined.statusCode).toBe(200)
  later(RING_SECONDS + 1)
  await t.app.services.calls.sweep()
  await settle()
  expect(calleePushes()).toEqual([])
  // On the site: the ring reached the page; its end is no news to push.
  await t.app.services.notifications.online([b.user.id])
  await ring()
  later(RING_SECONDS + 1)
  await t.app.services.calls.sweep()
  await settle()
  expect(calleePushes()).toEqual([])
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
