// Calls between two real members (issue 59, ADR 37): how long a call rings, how long a relay
// credential lasts, what a minute costs by default, and the one rule that keeps a member's address
// out of what the other receives (a relay's candidate, with the member's own address blanked).

/** How long a call rings, in seconds: a decline and a member already in a call end it then too. */
export const RING_SECONDS = 30
/** How long a relay credential (the TURN REST scheme) is valid, in seconds. */
export const TURN_CREDENTIAL_SECONDS = 600
/** The warning shows this many seconds before the caller's credits run out. */
export const CALL_WARNING_SECONDS = 30
/** A site's price of a minute where it has not set one. */
export const CALL_CREDITS_PER_MINUTE = 15

/** Why a call ended, as the member is told: a decline, a busy line and silence are all 'no_answer'. */
export const CALL_END_REASONS = ['no_answer', 'ended', 'credits'] as const
export type CallEndReason = (typeof CALL_END_REASONS)[number]

/** Why a conversation offers no call; null when it does once both members allow it. */
export const CALL_UNAVAILABLE = ['fictional', 'not_written', 'blocked', 'off'] as const

/** How the browsers reach each other: through the relay only, or (a demo without coturn) directly. */
export type CallTransport = 'relay' | 'local'

/** The minutes a call of `seconds` pays for: every started minute. */
export function startedMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60))
}

const CANDIDATE = /^(?:a=)?candidate:\S+ \d+ (?:udp|tcp) \d+ (\S+) (\d+) typ (host|srflx|prflx|relay)(.*)$/i

/**
 * What one member may pass on of an ICE candidate to the other: through the relay, only the relay's
 * own candidates, with the related address (the member's own, as the relay saw it) blanked; on one
 * machine without a relay, only its host candidates. Null: the candidate is not passed on.
 */
export function passableCandidate(candidate: string, transport: CallTransport): string | null {
  const line = candidate.trim()
  const match = CANDIDATE.exec(line)
  if (!match) return null
  const type = match[3].toLowerCase()
  if (type !== (transport === 'relay' ? 'relay' : 'host')) return null
  return line.replace(/ raddr \S+ rport \d+/, ' raddr 0.0.0.0 rport 0')
}

/** A session description with every candidate line passed through passableCandidate (the rest kept). */
export function passableSdp(sdp: string, transport: CallTransport): string {
  const lines = sdp.split(/\r\n|\n/)
  const kept: string[] = []
  for (const line of lines) {
    if (!line.startsWith('a=candidate:')) {
      kept.push(line)
      continue
    }
    const passed = passableCandidate(line.slice(2), transport)
    if (passed) kept.push(`a=${passed}`)
  }
  return kept.join('\r\n')
}
