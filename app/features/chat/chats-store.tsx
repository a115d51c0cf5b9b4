import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react'
import type { ChatTimeLabels } from '#common/chat-times.ts'
import type { ChatEntry, Message } from '#common/schemas/chat.ts'
import { useCatchUp, useFrames } from '../../lib/member-connection.tsx'
import { unreadTotal } from './chat-list.ts'
import { useChats } from './use-chats.ts'

/** The member's chats (spec section 3), for the chats page, the conversation and the badges. */
interface ChatsStore {
  chats: ChatEntry[] | null
  /** The chats' times as the server labelled them (use-chat-time.ts). */
  times: ChatTimeLabels | null
  /** Unread messages over all chats (the messages badge). */
  unread: number
  reloadChats: () => Promise<void>
  /**
   * Removes chats here first, then on the server (spec section 4); on failure the chats reload and
   * `removeFailure` holds the error until the next removal.
   */
  removeChats: (conversations: number[]) => Promise<void>
  removeFailure: unknown
  /** The conversation on screen: its messages do not count as unread. */
  setOpenConversation: (conversation: number | null) => void
  chatRead: (conversation: number) => void
  /**
   * A message this tab sent, from its call's answer: the list takes it as it takes a frame (the
   * server sends the frame to the member's other tabs only: issue 40, one path to the sender).
   */
  messageSent: (conversation: number, message: Message) => void
}

const noop = () => {}
const EMPTY: ChatsStore = {
  chats: null,
  times: null,
  unread: 0,
  reloadChats: async () => {},
  removeChats: async () => {},
  removeFailure: null,
  setOpenConversation: noop,
  chatRead: noop,
  messageSent: noop,
}

const ChatsContext = createContext<ChatsStore>(EMPTY)

export const useChatsStore = () => useContext(ChatsContext)

/** Owns the chat list of the member of the page: loads it, follows chat frames, catches up, refreshes. */
export function ChatsProvider(props: {
  userId: number | null
  myProfileId: number | null
  children: ReactNode
}) {
  const {
    chats,
    times,
    reloadChats,
    onChatFrame,
    removeChats,
    removeFailure,
    setOpenConversation,
    chatRead,
  } = useChats(props.userId, props.myProfileId)
  useFrames(onChatFrame)
  useCatchUp(reloadChats, { refresh: true })

  const messageSent = useCallback(
    (conversation: number, message: Message) =>
      onChatFrame({ type: 'message.created', conversation, message }),
    [onChatFrame],
  )
  const value = useMemo<ChatsStore>(
    () => ({
      chats,
      times,
      unread: chats ? unreadTotal(chats) : 0,
      reloadChats,
      removeChats,
      removeFailure,
      setOpenConversation,
      chatRead,
      messageSent,
    }),
    [chats, times, reloadChats, removeChats, removeFailure, setOpenConversation, chatRead, messageSent],
  )
  return (
    <ChatsContext.Provider value={props.userId === null ? EMPTY : value}>
      {props.children}
    </ChatsContext.Provider>
  )
}
