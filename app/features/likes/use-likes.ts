import { useCallback, useEffect, useRef, useState } from 'react'
import { api } from '#common/api.ts'
import type { LikesProfile, LikesResponse } from '#common/schemas/likes.ts'
import type { PublicProfile } from '#common/schemas/members.ts'
import { callApi } from '../../lib/api-client.ts'

/** The profiles with a new like from a member the viewer liked too: matches not announced yet. */
function newMatches(likes: LikesResponse): LikesProfile[] {
  const fresh = new Set(likes.liked_by.filter((l) => l.like_new).map((l) => l.id))
  return likes.profiles.filter((p) => p.liked && fresh.has(p.id))
}

/**
 * The member's likes: the one owner of the lists (whom they like, who likes them and which likes are
 * new) and of the match to announce. A match made by the other member shows once, and that like then
 * counts as seen.
 */
export function useLikes(userId: number | null, initial: LikesResponse | null) {
  const [likes, setLikes] = useState<LikesResponse | null>(initial)
  const [match, setMatch] = useState<PublicProfile | null>(null)
  const announced = useRef(new Set<number>())

  // A new session (login, logout) starts from the page's data again.
  useEffect(() => setLikes(initial), [initial])

  const markSeen = useCallback((profileId: number) => {
    setLikes((current) =>
      current
        ? {
            ...current,
            liked_by: current.liked_by.map((l) => (l.id === profileId ? { ...l, like_new: false } : l)),
          }
        : current,
    )
  }, [])

  const acknowledge = useCallback(
    (profileId: number) => {
      markSeen(profileId)
      callApi(api.likeSeen, { body: { profile: profileId } }).catch(() => {})
    },
    [markSeen],
  )

  const reloadLikes = useCallback(async () => {
    if (userId === null) return
    setLikes(await callApi(api.likes))
  }, [userId])

  useEffect(() => {
    if (!likes || match) return
    const next = newMatches(likes).find((p) => !announced.current.has(p.id))
    if (!next) return
    announced.current.add(next.id)
    setMatch(next)
    acknowledge(next.id)
  }, [likes, match, acknowledge])

  /** After a like or unlike: the lists follow at once; a match opens the match modal. */
  const liked = useCallback(
    (profile: PublicProfile, isLiked: boolean, isMatch: boolean) => {
      setLikes((current) => {
        if (!current) return current
        const others = current.profiles.filter((p) => p.id !== profile.id)
        const known = current.liked_by.some((l) => l.id === profile.id)
        if (!isLiked && !known) return { ...current, profiles: others }
        return { ...current, profiles: [{ ...profile, liked: isLiked }, ...others] }
      })
      if (isMatch) {
        announced.current.add(profile.id)
        markSeen(profile.id)
        setMatch(profile)
      }
    },
    [markSeen],
  )

  const newLikes = likes?.liked_by.filter((l) => l.like_new).length ?? 0
  return { likes, newLikes, reloadLikes, markSeen, liked, match, closeMatch: () => setMatch(null) }
}
