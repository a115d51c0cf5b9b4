import { useCallback, useEffect, useRef, useState } from 'react'
import { api } from '#common/api.ts'
import type { ChatEntry } from '#common/schemas/chat.ts'
import type { ServerFrame } from '#common/schemas/frames.ts'
import { callApi } from '../../lib/api-client.ts'
import { chatsAfterMessage, chatsWithout, chatsWithPartnerRead, chatsWithUnread } from './chat-list.ts'

/**
 * The member's chats: the one owner of the list. It starts from the page's data, follows the chat
 * frames of the WebSocket, reloads on demand, and removes chats here first, then on the server
 * (spec section 4: on failure the chats reload). The open conversation's messages are never unread.
 */
export function useChats(userId: number | null, myProfileId: number | null, initial: ChatEntry[] | null) {
  const [chats, setChats] = useState<ChatEntry[] | null>(initial)
  // Why the last removal failed: kept here, not in the list, which the removal may have emptied.
  const [removeFailure, setRemoveFailure] = useState<unknown>(null)
  const openConversation = useRef<number | null>(null)

  // A new session (login, logout) starts from the page's data again.
  useEffect(() => setChats(initial), [initial])

  const reloadChats = useCallback(async () => {
    if (userId === null) return
    const next = await callApi(api.chats)
    const open = openConversation.current
    setChats(open === null ? next.chats : chatsWithUnread(next.chats, open, 0))
  }, [userId])

  /** What a frame does to the list (frames of other kinds change nothing here). */
  const onChatFrame = useCallback(
    (frame: ServerFrame) => {
      switch (frame.type) {
        case 'message.created': {
          const mine = frame.message.profile === myProfileId
          const open = openConversation.current === frame.conversation
          let unknown = false
          setChats((current) => {
            const next = current ? chatsAfterMessage(current, frame.message, { mine, open }) : null
            if (next === null) unknown = true
            return next ?? current
          })
          if (unknown) reloadChats().catch(() => {})
          break
        }
        case 'chat.unread':
          if (openConversation.current !== frame.conversation) {
            setChats((current) =>
              current ? chatsWithUnread(current, frame.conversation, frame.unread) : current,
            )
          }
          break
        case 'message.read':
          setChats((current) =>
            current ? chatsWithPartnerRead(current, frame.conversation, frame.lastRead) : current,
          )
          break
        case 'chat.removed':
          setChats((current) => (current ? chatsWithout(current, new Set([frame.conversation])) : current))
          break
      }
    },
    [myProfileId, reloadChats],
  )

  const removeChats = useCallback(
    async (conversations: number[]) => {
      const gone = new Set(conversations)
      setRemoveFailure(null)
      setChats((current) => (current ? chatsWithout(current, gone) : current))
      try {
        for (const conversation of conversations) {
          await callApi(api.removeChat, { body: { conversation } })
        }
      } catch (error) {
        await reloadChats().catch(() => {})
        setRemoveFailure(error)
      }
    },
    [reloadChats],
  )

  // Stable functions: pages use them in their effects.
  const setOpenConversation = useCallback((conversation: number | null) => {
    openConversation.current = conversation
  }, [])
  const chatRead = useCallback(
    (conversation: number) =>
      setChats((current) => (current ? chatsWithUnread(current, conversation, 0) : current)),
    [],
  )

  return { chats, reloadChats, onChatFrame, removeChats, removeFailure, setOpenConversation, chatRead }
}
