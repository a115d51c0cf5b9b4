// The calls' rules that read no database (issue 59, ADR 37): whether a conversation offers calls,
// what of a browser's signal passes to the other member, and what a report says of a call.
import { type CallTransport, passableCandidate, passableSdp } from '#common/calls.ts'
import type { CallAvailability, CallSignal } from '#common/schemas/calls.ts'
import type { DomainEvent } from '#server/lib/events.ts'
import { mediaUrl } from '#server/lib/media-url.ts'
import type { CallRow, selectCaller, selectCallSides } from './calls.queries.ts'

type Sides = NonNullable<Awaited<ReturnType<typeof selectCallSides>>>
type Caller = NonNullable<Awaited<ReturnType<typeof selectCaller>>>

/** Whether a conversation offers calls to one of its members, as their sides say. */
export function availabilityOf(
  sides: Sides,
  offered: CallTransport | 'off',
  conversation: number,
  creditsPerMinute: number,
): CallAvailability {
  const unavailable =
    offered === 'off'
      ? 'off'
      : sides.fictional
        ? 'fictional'
        : sides.blocked || sides.gone
          ? 'blocked'
          : !sides.both_wrote
            ? 'not_written'
            : null
  return {
    conversation,
    allowed_by_me: sides.mine,
    available: unavailable === null && sides.mine && sides.theirs,
    unavailable,
    credits_per_minute: creditsPerMinute,
  }
}

/**
 * The ring as the callee's pages show it: who calls (name, photo, verified badge), voice or video,
 * until when. Sent when the call starts, pushed to a callee with no page open, and sent again to a
 * page of theirs that opens while it rings (websocket.ts), so a page opened from the push rings.
 */
export function ringingEvent(call: CallRow, caller: Caller, cdnPrefix: string) {
  return {
    type: 'call.ringing' as const,
    call: call.id,
    conversation: call.conversationId,
    video: call.video,
    caller: {
      profileId: caller.profileId,
      name: caller.name,
      verified: caller.verified,
      photo: caller.thumb && caller.photoStatus === 'active' ? mediaUrl(cdnPrefix, caller.thumb) : null,
    },
    ring_ends_at: call.ringEndsAt.toISOString(),
  }
}

/**
 * What of a member's signal reaches the other member of an answered call: descriptions and
 * candidates passed relay-only (common/calls.ts), the callee's "shown"; null when nothing passes.
 */
export function passedSignal(call: CallRow, from: number, signal: CallSignal, transport: CallTransport) {
  const description = signal.description && {
    ...signal.description,
    sdp: passableSdp(signal.description.sdp, transport),
  }
  let candidate = signal.candidate
  if (candidate) {
    const passed = candidate.candidate === '' ? '' : passableCandidate(candidate.candidate, transport)
    if (passed === null) return null
    candidate = { ...candidate, candidate: passed }
  }
  // Only the callee unblurs: the caller learns of it, and nothing else of the callee's screen.
  const shown = signal.shown && call.calleeUserId === from ? true : undefined
  if (!description && !candidate && !shown) return null
  return {
    type: 'call.signal' as const,
    call: call.id,
    ...(description ? { description } : {}),
    ...(candidate ? { candidate } : {}),
    ...(shown ? { shown: true as const } : {}),
  }
}

/** A report's context from a call (issue 59, point 3): who called, when, how long. Nothing else is kept. */
export function reportContextOf(call: CallRow, reporter: number, now: Date) {
  const ended = call.endedAt ?? now
  return {
    source: 'call' as const,
    call: call.id,
    from: call.callerUserId === reporter ? ('reporter' as const) : ('reported' as const),
    video: call.video,
    started_at: call.startedAt.toISOString(),
    seconds: call.answeredAt ? Math.round((ended.getTime() - call.answeredAt.getTime()) / 1000) : 0,
  }
}

/**
 * Who is told a call ended: both members, with nothing to push. The callee of a call they missed (it
 * rang to its end, or the caller gave up while it rang) gets its caller's profile and conversation,
 * for a push when no page of theirs is open (push-notifier.ts); a declined call is never missed.
 */
export function endedEvents(ended: CallRow, missedFrom: number | null): DomainEvent[] {
  const frame = { type: 'call.ended' as const, call: ended.id, reason: ended.endReason ?? 'ended' }
  const about = missedFrom === null ? null : { profile: missedFrom, conversation: ended.conversationId }
  return [
    { ...frame, userId: ended.callerUserId, noPush: true },
    about
      ? { ...frame, userId: ended.calleeUserId, pushAbout: about }
      : { ...frame, userId: ended.calleeUserId, noPush: true },
  ]
}
