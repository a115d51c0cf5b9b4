import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import {
  AUTO_LIKE_RELOAD_DELAY_MS,
  REFRESH_FIRST_DELAY_MS,
  REFRESH_INTERVAL_MS,
  REFRESH_INTERVAL_PUSH_MS,
} from '#common/constants.ts'
import type { User } from '#common/schemas/accounts.ts'
import type { AutoLikeResponse, LikesProfile, LikesResponse } from '#common/schemas/likes.ts'
import type { PublicProfile } from '#common/schemas/members.ts'
import { fetchJson, SESSION_EXPIRED_EVENT } from '../../lib/api-client.ts'
import { pushSubscribed } from '../../lib/push.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { AutoLikeToast } from './auto-like-toast.tsx'
import { MatchModal } from './match-modal.tsx'

/** The chat store of spec section 3, for what exists so far: the member, their likes and counts. */
export interface MemberData {
  user: User | null
  likes: LikesResponse | null
  /** Likes not seen yet (the likes badge). */
  newLikes: number
  /** Unread messages plus new likes: the tab title prefix and the app badge. */
  attention: number
  reloadLikes: () => Promise<void>
  /** After a like or unlike: the lists follow at once; a match opens the match modal. */
  liked: (profile: PublicProfile, liked: boolean, match: boolean) => void
  /** The like from this profile has been seen (opened from the likes lists). */
  seen: (profileId: number) => void
}

const MemberDataContext = createContext<MemberData | null>(null)

const EMPTY: MemberData = {
  user: null,
  likes: null,
  newLikes: 0,
  attention: 0,
  reloadLikes: async () => {},
  liked: () => {},
  seen: () => {},
}

export function useMemberData(): MemberData {
  return useContext(MemberDataContext) ?? EMPTY
}

/** The profiles with a new like from a member the viewer liked too: matches not announced yet. */
function newMatches(likes: LikesResponse): LikesProfile[] {
  const fresh = new Set(likes.liked_by.filter((l) => l.like_new).map((l) => l.id))
  return likes.profiles.filter((p) => p.liked && fresh.has(p.id))
}

const TIME_ZONE_KEY = 'time-zone-sent'

/**
 * Keeps the logged-in member's data: the likes from the page load, then the refresh cycle of spec
 * section 4 (user and likes every 60 s, or 300 s with push, first after 5 s), the match modal,
 * automatic likes, the tab title count and the app badge.
 */
export function MemberDataProvider({ children }: { children: ReactNode }) {
  const root = useRootData()
  const userId = root.user?.id ?? null
  const [user, setUser] = useState<User | null>(root.user)
  const [likes, setLikes] = useState<LikesResponse | null>(root.likes)
  const [match, setMatch] = useState<PublicProfile | null>(null)
  const [autoLiker, setAutoLiker] = useState<AutoLikeResponse['profile']>(null)
  const announced = useRef(new Set<number>())

  // A new session (login, logout) starts from the page's data again.
  useEffect(() => {
    setUser(root.user)
    setLikes(root.likes)
  }, [root.user, root.likes])

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
      fetchJson('/api/like.php', { method: 'PUT', body: JSON.stringify({ profile: profileId }) }).catch(
        () => {},
      )
    },
    [markSeen],
  )

  const reloadLikes = useCallback(async () => {
    if (userId === null) return
    const next = await fetchJson<LikesResponse>('/api/likes.php')
    setLikes(next)
  }, [userId])

  // A match made by the other member shows once: the modal, and the like counts as seen.
  useEffect(() => {
    if (!likes || match) return
    const next = newMatches(likes).find((p) => !announced.current.has(p.id))
    if (!next) return
    announced.current.add(next.id)
    setMatch(next)
    acknowledge(next.id)
  }, [likes, match, acknowledge])

  // The refresh cycle, the member's time zone (for the swipe game's day), and automatic likes.
  useEffect(() => {
    if (userId === null) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (zone && localStorage.getItem(TIME_ZONE_KEY) !== `${userId}:${zone}`) {
      fetchJson('/api/user.php', { method: 'PUT', body: JSON.stringify({ time_zone: zone }) })
        .then(() => localStorage.setItem(TIME_ZONE_KEY, `${userId}:${zone}`))
        .catch(() => {})
    }
    const refresh = async () => {
      try {
        const { user: fresh } = await fetchJson<{ user: User | null }>('/api/user.php', {
          headers: { 'X-Request-Type': 'client' },
        })
        if (stopped) return
        if (!fresh) {
          window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT))
          return
        }
        setUser(fresh)
        await reloadLikes()
      } catch {
        // The next cycle tries again.
      }
    }
    const cycle = async () => {
      await refresh()
      if (stopped) return
      const interval = (await pushSubscribed(window)) ? REFRESH_INTERVAL_PUSH_MS : REFRESH_INTERVAL_MS
      timer = setTimeout(cycle, interval)
    }
    timer = setTimeout(async () => {
      try {
        const auto = await fetchJson<AutoLikeResponse>('/api/auto-like.php', { retries: 0 })
        if (!stopped && auto.profile) {
          setAutoLiker(auto.profile)
          setTimeout(() => void reloadLikes().catch(() => {}), AUTO_LIKE_RELOAD_DELAY_MS)
        }
      } catch {
        // An automatic like is a bonus: nothing to tell when it fails.
      }
      void cycle()
    }, REFRESH_FIRST_DELAY_MS)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [userId, reloadLikes])

  const newLikes = useMemo(() => likes?.liked_by.filter((l) => l.like_new).length ?? 0, [likes])
  const attention = newLikes

  // The app badge (installed app) shows the same count as the tab title.
  useEffect(() => {
    const nav = navigator as Navigator & {
      setAppBadge?: (n: number) => Promise<void>
      clearAppBadge?: () => Promise<void>
    }
    if (!nav.setAppBadge) return
    const done = attention > 0 ? nav.setAppBadge(attention) : nav.clearAppBadge?.()
    done?.catch(() => {})
  }, [attention])

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

  const value = useMemo<MemberData>(
    () => ({ user, likes, newLikes, attention, reloadLikes, liked, seen: markSeen }),
    [user, likes, newLikes, attention, reloadLikes, liked, markSeen],
  )

  return (
    <MemberDataContext.Provider value={userId === null ? EMPTY : value}>
      {children}
      {user ? <MatchModal profile={match} viewer={user} onClose={() => setMatch(null)} /> : null}
      {autoLiker ? <AutoLikeToast profile={autoLiker} onClose={() => setAutoLiker(null)} /> : null}
    </MemberDataContext.Provider>
  )
}
