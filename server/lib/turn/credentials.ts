import { createHmac } from 'node:crypto'
import { TURN_CREDENTIAL_SECONDS } from '#common/calls.ts'
import type { IceConfig } from '#common/schemas/calls.ts'

/** Where the relay is and the secret it shares with the app nodes (TURN_URL, TURN_SECRET). */
export interface TurnRelay {
  urls: string[]
  secret: string
}

/**
 * A relay credential in the TURN REST scheme coturn checks (`use-auth-secret`): the user name is the
 * expiry (Unix seconds) and the member, the password the base64 HMAC-SHA1 of that name over the
 * shared secret. Valid `seconds` from `now`; nothing is stored.
 */
export function turnCredential(secret: string, member: number, now: Date, seconds = TURN_CREDENTIAL_SECONDS) {
  const username = `${Math.floor(now.getTime() / 1000) + seconds}:${member}`
  const credential = createHmac('sha1', secret).update(username).digest('base64')
  return { username, credential }
}

/** The RTCPeerConnection configuration of one member of a call: relay only, or (no relay) direct. */
export function iceConfig(relay: TurnRelay | null, member: number, now: Date): IceConfig {
  if (!relay) return { servers: [], policy: 'all' }
  return { servers: [{ urls: relay.urls, ...turnCredential(relay.secret, member, now) }], policy: 'relay' }
}
