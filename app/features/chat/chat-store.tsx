import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { AUTO_LIKE_RELOAD_DELAY_MS } from '#common/constants.ts'
import type { User } from '#common/schemas/accounts.ts'
import type { ChatEntry } from '#common/schemas/chat.ts'
import type { ServerFrame } from '#common/schemas/frames.ts'
import type { AutoLikeResponse, LikesResponse } from '#common/schemas/likes.ts'
import type { PublicProfile } from '#common/schemas/members.ts'
import { fetchJson, SESSION_EXPIRED_EVENT } from '../../lib/api-client.ts'
import { AttentionContext } from '../../lib/attention.ts'
import { useMemberConnection } from '../../lib/member-connection.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { AutoLikeToast } from '../likes/auto-like-toast.tsx'
import { MatchModal } from '../likes/match-modal.tsx'
import { useLikes } from '../likes/use-likes.ts'
import { unreadTotal } from './chat-list.ts'
import { useChats } from './use-chats.ts'

/** The chat store of spec section 3: the member, chats, likes, the unread total and new likes. */
export interface ChatStore {
  user: User | null
  likes: LikesResponse | null
  chats: ChatEntry[] | null
  /** Likes not seen yet (the likes badge). */
  newLikes: number
  /** Unread messages over all chats (the messages badge). */
  unread: number
  /** Unread messages plus new likes: the tab title prefix and the app badge. */
  attention: number
  reloadLikes: () => Promise<void>
  reloadChats: () => Promise<void>
  /** After a like or unlike: the lists follow at once; a match opens the match modal. */
  liked: (profile: PublicProfile, liked: boolean, match: boolean) => void
  /** The like from this profile has been seen (opened from the likes lists). */
  seen: (profileId: number) => void
  /** Removes chats here first, then on the server (spec section 4); on failure the chats reload. */
  removeChats: (conversations: number[]) => Promise<void>
  /** The conversation on screen: its messages do not count as unread. */
  setOpenConversation: (conversation: number | null) => void
  chatRead: (conversation: number) => void
  /** Frames from the WebSocket, for the open conversation. */
  onFrame: (handler: (frame: ServerFrame) => void) => () => void
  /** Called after the WebSocket reconnects: catch up. */
  onReconnect: (handler: () => void) => () => void
  sendTyping: (conversation: number) => void
  setCredits: (credits: number) => void
}

const ChatStoreContext = createContext<ChatStore | null>(null)

const noop = () => {}
const EMPTY: ChatStore = {
  user: null,
  likes: null,
  chats: null,
  newLikes: 0,
  unread: 0,
  attention: 0,
  reloadLikes: async () => {},
  reloadChats: async () => {},
  liked: noop,
  seen: noop,
  removeChats: async () => {},
  setOpenConversation: noop,
  chatRead: noop,
  onFrame: () => noop,
  onReconnect: () => noop,
  sendTyping: noop,
  setCredits: noop,
}

export function useChatStore(): ChatStore {
  return useContext(ChatStoreContext) ?? EMPTY
}

const TIME_ZONE_KEY = 'time-zone-sent'

/**
 * Keeps the logged-in member's data: what the page load brought, then the WebSocket's events and,
 * as the fallback, the refresh cycle of spec section 4 (user, chats and likes every 60 s, or 300 s
 * with push, first after 5 s); the match modal, automatic likes, the tab title count, the app badge.
 */
export function ChatStoreProvider({ children }: { children: ReactNode }) {
  const root = useRootData()
  const userId = root.user?.id ?? null
  const [user, setUser] = useState<User | null>(root.user)
  const [autoLiker, setAutoLiker] = useState<AutoLikeResponse['profile']>(null)
  const { likes, newLikes, reloadLikes, markSeen, liked, match, closeMatch } = useLikes(userId, root.likes)
  const { chats, reloadChats, onChatFrame, removeChats, setOpenConversation, chatRead } = useChats(
    userId,
    root.user?.profile.id ?? null,
    root.chats,
  )

  // A new session (login, logout) starts from the page's data again.
  useEffect(() => setUser(root.user), [root.user])

  const handleFrame = useCallback(
    (frame: ServerFrame) => {
      const ignore = () => {}
      onChatFrame(frame)
      switch (frame.type) {
        case 'like.created':
        case 'match.created':
          reloadLikes().catch(ignore)
          break
        case 'credits.changed':
          setUser((current) => (current ? { ...current, credits: frame.credits } : current))
          break
      }
    },
    [reloadLikes, onChatFrame],
  )

  // The WebSocket and the refresh cycle (app/lib): live events, a catch-up after reconnecting, the
  // refresh of user, chats and likes, and an automatic like at the first tick.
  const connection = useMemberConnection(userId, {
    onFrame: handleFrame,
    onReconnect: () => {
      reloadChats().catch(() => {})
      reloadLikes().catch(() => {})
    },
    onFirstTick: async () => {
      try {
        const auto = await fetchJson<AutoLikeResponse>('/api/auto-like.php', { retries: 0 })
        if (auto.profile) {
          setAutoLiker(auto.profile)
          setTimeout(() => void reloadLikes().catch(() => {}), AUTO_LIKE_RELOAD_DELAY_MS)
        }
      } catch {
        // An automatic like is a bonus: nothing to tell when it fails.
      }
    },
    onRefresh: async () => {
      const { user: fresh } = await fetchJson<{ user: User | null }>('/api/user.php', {
        headers: { 'X-Request-Type': 'client' },
      })
      if (!fresh) {
        window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT))
        return
      }
      setUser(fresh)
      await Promise.all([reloadChats(), reloadLikes()])
    },
  })

  // The member's time zone, for the swipe game's day: told once per member and zone.
  useEffect(() => {
    if (userId === null) return
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (zone && localStorage.getItem(TIME_ZONE_KEY) !== `${userId}:${zone}`) {
      fetchJson('/api/user.php', { method: 'PUT', body: JSON.stringify({ time_zone: zone }) })
        .then(() => localStorage.setItem(TIME_ZONE_KEY, `${userId}:${zone}`))
        .catch(() => {})
    }
  }, [userId])

  const unread = useMemo(() => (chats ? unreadTotal(chats) : 0), [chats])
  const attention = newLikes + unread

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

  const { onFrame, onReconnect, sendTyping } = connection
  const setCredits = useCallback(
    (credits: number) => setUser((current) => (current ? { ...current, credits } : current)),
    [],
  )

  const value = useMemo<ChatStore>(
    () => ({
      user,
      likes,
      chats,
      newLikes,
      unread,
      attention,
      reloadLikes,
      reloadChats,
      liked,
      seen: markSeen,
      removeChats,
      setOpenConversation,
      chatRead,
      onFrame,
      onReconnect,
      sendTyping,
      setCredits,
    }),
    [
      user,
      likes,
      chats,
      newLikes,
      unread,
      attention,
      reloadLikes,
      reloadChats,
      liked,
      markSeen,
      removeChats,
      setOpenConversation,
      chatRead,
      onFrame,
      onReconnect,
      sendTyping,
      setCredits,
    ],
  )

  return (
    <ChatStoreContext.Provider value={userId === null ? EMPTY : value}>
      <AttentionContext.Provider value={userId === null ? 0 : attention}>
        {children}
      </AttentionContext.Provider>
      {user ? <MatchModal profile={match} viewer={user} onClose={closeMatch} /> : null}
      {autoLiker ? <AutoLikeToast profile={autoLiker} onClose={() => setAutoLiker(null)} /> : null}
    </ChatStoreContext.Provider>
  )
}
