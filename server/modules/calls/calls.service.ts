import { type CallTransport, RING_SECONDS } from '#common/calls.ts'
import type { CallSignal, IceConfig } from '#common/schemas/calls.ts'
import type { EventFrame } from '#common/schemas/frames.ts'
import type { Db } from '#server/db/client.ts'
import { type Clock, shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/events.ts'
import { iceConfig, type TurnRelay } from '#server/lib/turn/credentials.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import { chargeNext, MINUTE_MS, meterFrames } from './call-charges.ts'
import { availabilityOf, endedEvents, passedSignal, reportContextOf, ringingEvent } from './call-rules.ts'
import {
  type CallRow,
  endRingsDue,
  inCall,
  insertCall,
  lockChargesDue,
  selectCaller,
  selectCallOf,
  selectCallSides,
  selectCredits,
  selectLiveBetween,
  selectLiveCall,
  selectLiveInConversation,
  selectLiveWithSessions,
  selectRingingTo,
  updateAnswered,
  updateConsent,
  updateDeclined,
  updateEnded,
} from './calls.queries.ts'

/** How calls reach each other here: through a relay, directly on one machine, or not at all. */
type CallsMode = { transport: 'relay'; relay: TurnRelay } | { transport: 'local' } | { transport: 'off' }

/** The backstop: every node ends what is due this often, should the node that timed it be gone. */
const SWEEP_EVERY_MS = 2000

type CallFrame = Extract<EventFrame, { type: `call.${string}` }>

export type CallsService = ReturnType<typeof createCallsService>

/**
 * Calls between two real members (issue 59, ADR 37). Consent first: both members of a conversation
 * allow calls there, after both have written, before either can call. A call rings for 30 s and ends
 * in the same 'no_answer' at the same moment whether the callee declined, was in another call or
 * did nothing. Answered, it costs the caller the site's price per started minute, through the ledger
 * exactly once per minute (reason 'call', `call:<id>:<minute>`), and ends when a minute is not
 * covered. The browsers exchange their offer, answer and candidates through the server, which passes
 * on only the relay's candidates (common/calls.ts); the media go through the relay (coturn) alone.
 */
export function createCallsService(db: Db, deps: { now: Clock; events: EventBus; mode: CallsMode }) {
  const { now, events, mode } = deps
  const transport: CallTransport = mode.transport === 'relay' ? 'relay' : 'local'
  const timers = new Set<ReturnType<typeof setTimeout>>()
  let backstop: ReturnType<typeof setInterval> | null = null

  const tell = (userId: number, frame: CallFrame) => events.emit({ ...frame, userId, noPush: true })
  const ice = (userId: number): IceConfig =>
    iceConfig(mode.transport === 'relay' ? mode.relay : null, userId, now())

  /** Sweeps at `at` (the server's time), on this node: a ring's end, a minute's charge. */
  function wakeAt(at: Date) {
    const timer = setTimeout(
      () => {
        timers.delete(timer)
        void sweep().catch(() => {})
      },
      Math.max(0, at.getTime() - now().getTime()) + 5,
    )
    timer.unref?.()
    timers.add(timer)
  }

  /** Both members are told a call ended; the callee of a missed one, with its caller (call-rules.ts). */
  async function told(ended: CallRow, missed = false) {
    const caller = missed ? await selectCaller(db, ended.callerUserId) : null
    for (const event of endedEvents(ended, caller?.profileId ?? null)) events.emit(event)
  }

  async function end(callId: number, reason: 'ended' | 'credits', at = now(), missedIfRinging = false) {
    const ended = await updateEnded(db, callId, reason, at)
    if (ended) await told(ended.call, missedIfRinging && ended.rang)
  }

  /** The member's side of a conversation with what decides its calls; 404 when it is not theirs. */
  async function sidesOf(userId: number, conversationId: number) {
    const sides = await selectCallSides(db, conversationId, userId)
    if (!sides) throw new AppError('chat.not_found', 404)
    return sides
  }

  const availability = async (userId: number, site: Site, conversationId: number) =>
    availabilityOf(
      await sidesOf(userId, conversationId),
      mode.transport,
      conversationId,
      site.settings.call_credits_per_minute,
    )

  function metered(call: CallRow, minutes: number, balance: number | null) {
    const { meter, renew: due } = meterFrames(call, minutes, now())
    // A relay credential lasts 10 minutes: every eighth minute brings fresh ones (the caller restarts ICE).
    const renew = (userId: number) => (due ? { ice: ice(userId) } : {})
    tell(call.callerUserId, { ...meter, balance, ...renew(call.callerUserId) })
    tell(call.calleeUserId, { ...meter, balance: null, ...renew(call.calleeUserId) })
    if (call.creditsPerMinute > 0 && balance !== null)
      events.emit({ type: 'credits.changed', userId: call.callerUserId, credits: balance, noPush: true })
    wakeAt(shifted(call.answeredAt ?? now(), minutes * MINUTE_MS))
  }

  /** What is due by now: rings over (no answer), minutes to charge. Any node may run it; each row once. */
  async function sweep() {
    const at = now()
    for (const { call, missed } of await endRingsDue(db, at)) await told(call, missed)
    const charged = await db.transaction(async (tx) => {
      const done: { call: CallRow; minutes: number; balance: number | null; ended: boolean }[] = []
      for (const call of await lockChargesDue(tx, at)) {
        const outcome = await chargeNext(tx, call, now())
        done.push({ call, minutes: call.minutesCharged + 1, ...outcome })
      }
      return done
    })
    for (const { call, minutes, balance, ended } of charged) {
      if (ended) await told({ ...call, endReason: 'credits' })
      else metered(call, minutes, balance)
    }
  }

  return {
    /** How calls reach each other here: 'relay', 'local' (one machine, no relay) or 'off'. */
    transport: mode.transport,
    availability,

    /** The member allows calls in one conversation, or stops: both are told when that makes or unmakes a pair. */
    async consent(userId: number, site: Site, conversationId: number, allowed: boolean) {
      const sides = await sidesOf(userId, conversationId)
      const price = site.settings.call_credits_per_minute
      const before = availabilityOf(sides, mode.transport, conversationId, price)
      await updateConsent(db, conversationId, userId, allowed)
      const after = availabilityOf({ ...sides, mine: allowed }, mode.transport, conversationId, price)
      if (!allowed)
        for (const { id } of await selectLiveInConversation(db, conversationId)) await end(id, 'ended')
      if (before.available !== after.available) {
        const frame = {
          type: 'call.consent' as const,
          conversation: conversationId,
          available: after.available,
        }
        tell(userId, frame)
        tell(sides.partner, frame)
      }
      return after
    },

    /** The member calls the other member of a conversation: it rings there for RING_SECONDS. */
    async start(userId: number, session: string, site: Site, conversationId: number, video: boolean) {
      const sides = await sidesOf(userId, conversationId)
      const price = site.settings.call_credits_per_minute
      if (!availabilityOf(sides, mode.transport, conversationId, price).available)
        throw new AppError('call.unavailable', 403)
      if ((await selectCredits(db, userId)) < price)
        throw new AppError('call.no_credits', 402, { count: price })
      if (await inCall(db, userId)) throw new AppError('call.busy', 409)
      const at = now()
      // A callee already in a call is never rung: the caller's ring runs its course as if unanswered.
      const busy = await inCall(db, sides.partner)
      const call = await insertCall(db, {
        siteId: site.id,
        conversationId,
        callerUserId: userId,
        calleeUserId: sides.partner,
        video,
        state: busy ? 'declined' : 'ringing',
        startedAt: at,
        ringEndsAt: shifted(at, RING_SECONDS * 1000),
        creditsPerMinute: price,
        callerSession: session,
      }).catch((error: unknown) => {
        if (String((error as { constraint?: string }).constraint ?? error).includes('calls_live_caller'))
          throw new AppError('call.busy', 409)
        throw error
      })
      wakeAt(call.ringEndsAt)
      if (!busy) {
        const caller = await selectCaller(db, userId)
        // The ring reaches the callee's pages, or a push when none is open (push-notifier.ts).
        if (caller)
          events.emit({
            ...ringingEvent(call, caller, site.settings.cdn_prefix),
            userId: sides.partner,
            pushAbout: { profile: caller.profileId, conversation: conversationId },
          })
      }
      return { call: call.id, ice: ice(userId), ring_ends_at: call.ringEndsAt.toISOString() }
    },

    /** The call ringing to a member now, as its frame, or null: a page of theirs that opens rings too. */
    async ringing(userId: number, site: Site) {
      const call = await selectRingingTo(db, userId, now())
      const caller = call && (await selectCaller(db, call.callerUserId))
      return call && caller ? ringingEvent(call, caller, site.settings.cdn_prefix) : null
    },

    /** The callee answers: accepted, the caller makes the offer and the first minute is charged. */
    async answer(userId: number, session: string, callId: number, accept: boolean) {
      if (!accept) {
        await decline(userId, callId)
        return { ice: null }
      }
      const outcome = await db.transaction(async (tx) => {
        const live = await selectLiveCall(tx, callId, userId)
        if (!live || live.calleeUserId !== userId) return null
        const answered = await updateAnswered(tx, callId, session, now())
        if (!answered) return null
        return { call: answered, ...(await chargeNext(tx, answered, now())) }
      })
      if (!outcome) throw new AppError('call.over', 409)
      if (outcome.ended) {
        await told({ ...outcome.call, endReason: 'credits' })
        throw new AppError('call.over', 409)
      }
      // The caller makes the offer; the callee's other pages stop ringing.
      tell(outcome.call.callerUserId, { type: 'call.accepted', call: callId })
      tell(userId, { type: 'call.accepted', call: callId })
      metered(outcome.call, 1, outcome.balance)
      return { ice: ice(userId) }
    },

    /** Either member ends the call; the callee's before answering is a decline, the caller's a missed call if it still rang. */
    async hangUp(userId: number, callId: number) {
      const call = await db.transaction((tx) => selectLiveCall(tx, callId, userId))
      if (!call) return
      if (call.calleeUserId === userId && call.state !== 'active') {
        await decline(userId, callId)
        return
      }
      await end(callId, 'ended', now(), true)
    },

    /** A browser's offer, answer or candidate, passed to the other member of an answered call. */
    async signal(userId: number, signal: CallSignal) {
      const call = await db.transaction((tx) => selectLiveCall(tx, signal.call, userId))
      if (call?.state !== 'active') return false
      const frame = passedSignal(call, userId, signal, transport)
      if (!frame) return false
      tell(call.callerUserId === userId ? call.calleeUserId : call.callerUserId, frame)
      return true
    },

    /**
     * What a report of a call says of it (issue 59, point 3): the other member's profile, who called,
     * when, how long it lasted. Nothing of a call is recorded; this is all there is.
     */
    async reportable(userId: number, callId: number) {
      const call = await selectCallOf(db, callId, userId)
      if (!call) throw new AppError('call.not_found', 404)
      const other = call.callerUserId === userId ? call.calleeUserId : call.callerUserId
      const profile = await selectCaller(db, other)
      if (!profile) throw new AppError('call.not_found', 404)
      return { profile: profile.profileId, context: reportContextOf(call, userId, now()) }
    },

    /** A block between two members ends their call at once. */
    async endBetween(a: number, b: number) {
      for (const { id } of await selectLiveBetween(db, a, b)) await end(id, 'ended')
    },

    /** A member's sessions ended (a logout, a ban): the calls made or answered from one of them end. */
    async sessionsEnded(userId: number) {
      for (const live of await selectLiveWithSessions(db, userId, now()))
        if (!live.holds) await end(live.id, 'ended')
    },

    sweep,

    /** Starts this node's backstop sweep: what a gone node had timed still ends on time, nearly. */
    run() {
      if (backstop) return
      backstop = setInterval(() => void sweep().catch(() => {}), SWEEP_EVERY_MS)
      backstop.unref?.()
    },

    close() {
      if (backstop) clearInterval(backstop)
      backstop = null
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }

  /** The callee says no: only their other pages hear of it; the caller's ring runs on to its end. */
  async function decline(userId: number, callId: number) {
    if (await updateDeclined(db, callId, userId))
      tell(userId, { type: 'call.ended', call: callId, reason: 'no_answer' })
  }
}
