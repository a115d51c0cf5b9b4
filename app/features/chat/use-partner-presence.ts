import { useCallback, useEffect, useRef, useState } from 'react'
import { api } from '#common/api.ts'
import type { Presence, PublicProfile } from '#common/schemas/members.ts'
import { callApi } from '../../lib/api-client.ts'
import { useCatchUp, useFrames } from '../../lib/member-connection.tsx'

/**
 * A sign of life from the partner asks the server again at most this often (counted between those
 * asks only: a page opened a moment before the partner's first message still asks at that message).
 */
const ASK_AGAIN_AFTER_MS = 10_000
/** …and once more this long after, when the first answer came before the partner's mark. */
const CONFIRM_AFTER_MS = 2000

/**
 * The partner's presence as the server has it (ADR 19), kept current while the conversation is
 * open: asked again on every refresh tick and after a reconnection, and when the partner writes or
 * types while shown as not online. The page never guesses: an invisible member stays without one.
 */
export function usePartnerPresence(profile: PublicProfile): Presence {
  const [presence, setPresence] = useState(profile.presence)
  const lastSign = useRef(0)
  const confirm = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(confirm.current), [])
  const ask = useCallback(async () => {
    try {
      const answer = await callApi(api.member, { query: { id: profile.id } })
      setPresence(answer.profile.presence)
    } catch {
      // The next tick asks again.
    }
  }, [profile.id])
  useCatchUp(ask, { refresh: true })
  useFrames((frame) => {
    const fromPartner =
      (frame.type === 'chat.typing' && frame.profileId === profile.id) ||
      (frame.type === 'message.created' && frame.message.profile === profile.id)
    if (
      fromPartner &&
      !profile.fictional &&
      presence !== 'online' &&
      Date.now() - lastSign.current > ASK_AGAIN_AFTER_MS
    ) {
      lastSign.current = Date.now()
      // The partner's page may mark them online a moment after it sent this: asked once more soon.
      void ask().then(() => {
        confirm.current = setTimeout(() => void ask(), CONFIRM_AFTER_MS)
      })
    }
  })
  return presence
}
