import { useCallback, useEffect, useRef, useState } from 'react'
import { api } from '#common/api.ts'
import type { LikesProfile, LikesResponse } from '#common/schemas/likes.ts'
import type { PublicProfile } from '#common/schemas/members.ts'
import { callApi } from '../../lib/api-client.ts'
import { useEdited } from '../../lib/use-edited.ts'
import { useMemberData } from '../../lib/use-member-data.ts'

/** What /member-data/likes answers a member (app/routes/member-data). */
export interface MemberLikes {
  userId: number
  likes: LikesResponse
}

/** The profiles with a new like from a member the viewer liked too: matches not announced yet. */
function newMatches(likes: LikesResponse): LikesProfile[] {
  const fresh = new Set(likes.liked_by.filter((l) => l.like_new).map((l) => l.id))
  return likes.profiles.filter((p) => p.liked && fresh.has(p.id))
}

/** The likes after the like from `profileId` was seen. */
function withSeen(likes: LikesResponse, profileId: number): LikesResponse {
  return {
    ...likes,
    liked_by: likes.liked_by.map((l) => (l.id === profileId ? { ...l, like_new: false } : l)),
  }
}

/**
 * The member's likes: the one owner of the lists (whom they like, who likes them and which likes are
 * new) is their fetcher (/member-data/likes); a like given and a like seen here are edits over it
 * until it loads again. It owns the match to announce too: a match made by the other member shows
 * once, and that like then counts as seen.
 */
export function useLikes(userId: number | null) {
  const { data, load } = useMemberData<MemberLikes>('/member-data/likes', userId)
  const [likes, edit] = useEdited(data?.likes ?? null)
  const [match, setMatch] = useState<PublicProfile | null>(null)
  const announced = useRef(new Set<number>())

  const markSeen = useCallback((profileId: number) => edit((current) => withSeen(current, profileId)), [edit])

  const acknowledge = useCallback(
    (profileId: number) => {
      markSeen(profileId)
      callApi(api.likeSeen, { body: { profile: profileId } }).catch(() => {})
    },
    [markSeen],
  )

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
      edit((current) => {
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
    [markSeen, edit],
  )

  const newLikes = likes?.liked_by.filter((l) => l.like_new).length ?? 0
  return { likes, newLikes, reloadLikes: load, markSeen, liked, match, closeMatch: () => setMatch(null) }
}
