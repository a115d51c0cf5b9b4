import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react'
import { api } from '#common/api.ts'
import { AUTO_LIKE_RELOAD_DELAY_MS } from '#common/constants.ts'
import type { AutoLikeResponse, LikesResponse } from '#common/schemas/likes.ts'
import type { PublicProfile } from '#common/schemas/members.ts'
import { callApi } from '../../lib/api-client.ts'
import { useMember } from '../../lib/member.tsx'
import { useCatchUp, useFrames, useMemberConnection } from '../../lib/member-connection.tsx'
import { AutoLikeToast } from './auto-like-toast.tsx'
import { MatchModal } from './match-modal.tsx'
import { useLikes } from './use-likes.ts'

/** The member's likes (spec section 3): the lists, the new likes and what a like changes. */
interface LikesStore {
  likes: LikesResponse | null
  /** Likes not seen yet (the likes badge). */
  newLikes: number
  reloadLikes: () => Promise<void>
  /** After a like or unlike: the lists follow at once; a match opens the match modal. */
  liked: (profile: PublicProfile, liked: boolean, match: boolean) => void
  /** The like from this profile has been seen (opened from the likes lists). */
  seen: (profileId: number) => void
}

const noop = () => {}
const EMPTY: LikesStore = { likes: null, newLikes: 0, reloadLikes: async () => {}, liked: noop, seen: noop }

const LikesContext = createContext<LikesStore>(EMPTY)

export const useLikesStore = () => useContext(LikesContext)

/**
 * Owns the likes of the member of the page: loads them, reloads them on like and match frames, after a
 * reconnection and at each refresh; at the first tick asks for an automatic like. Shows the match
 * modal and the automatic like's toast.
 */
export function LikesProvider(props: { userId: number | null; children: ReactNode }) {
  const { user } = useMember()
  const { onFirstTick } = useMemberConnection()
  const [autoLiker, setAutoLiker] = useState<AutoLikeResponse['profile']>(null)
  const { likes, newLikes, reloadLikes, markSeen, liked, match, closeMatch } = useLikes(props.userId)

  useFrames((frame) => {
    if (frame.type === 'like.created' || frame.type === 'match.created') reloadLikes().catch(() => {})
  })
  useCatchUp(reloadLikes, { refresh: true })

  useEffect(
    () =>
      onFirstTick(async () => {
        const auto = await callApi(api.autoLike, { retries: 0 })
        if (!auto.profile) return
        setAutoLiker(auto.profile)
        setTimeout(() => void reloadLikes().catch(() => {}), AUTO_LIKE_RELOAD_DELAY_MS)
      }),
    [onFirstTick, reloadLikes],
  )

  const value = useMemo<LikesStore>(
    () => ({ likes, newLikes, reloadLikes, liked, seen: markSeen }),
    [likes, newLikes, reloadLikes, liked, markSeen],
  )
  return (
    <LikesContext.Provider value={props.userId === null ? EMPTY : value}>
      {props.children}
      {user ? <MatchModal profile={match} viewer={user} onClose={closeMatch} /> : null}
      {autoLiker ? <AutoLikeToast profile={autoLiker} onClose={() => setAutoLiker(null)} /> : null}
    </LikesContext.Provider>
  )
}
