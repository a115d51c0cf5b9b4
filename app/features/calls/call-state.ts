import type { CallEndReason } from '#common/calls.ts'

/** Who the other member of a call is, as the call's screen shows them. */
export interface CallPartner {
  profileId: number
  name: string
  photo: string | null
  verified: boolean
}

/** What the server last said of the minutes paid (call.meter), with when this page heard it. */
export interface CallMeter {
  /** This page's time when the call was answered (the server's moment, moved to this clock). */
  since: number
  minutes: number
  creditsPerMinute: number
  /** The caller's balance after the minutes paid; null on the callee's side. */
  balance: number | null
}

/** Where a call stands on this page. */
export type CallView =
  | { phase: 'starting'; partner: CallPartner; video: boolean }
  | { phase: 'outgoing'; call: number; partner: CallPartner; video: boolean }
  | { phase: 'incoming'; call: number; partner: CallPartner; video: boolean; ringEndsAt: number }
  | {
      phase: 'connecting' | 'connected'
      call: number
      partner: CallPartner
      video: boolean
      role: 'caller' | 'callee'
    }
  | {
      phase: 'ended'
      call: number | null
      partner: CallPartner
      reason: CallEndReason | 'failed' | 'no_media'
      answered: boolean
    }

/** The seconds before the caller's credits stop covering the call; null while they do. */
export function secondsLeft(meter: CallMeter | null, now: number): number | null {
  if (!meter || meter.balance === null || meter.balance >= meter.creditsPerMinute) return null
  if (meter.creditsPerMinute === 0) return null
  return Math.max(0, Math.ceil((meter.since + meter.minutes * 60_000 - now) / 1000))
}

/** "m:ss" of a call's length. */
export function callTime(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
