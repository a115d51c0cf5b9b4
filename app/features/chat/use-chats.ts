import { useCallback, useMemo, useRef, useState } from 'react'
import { api } from '#common/api.ts'
import type { ChatTimeLabels } from '#common/chat-times.ts'
import type { ChatEntry } from '#common/schemas/chat.ts'
import type { ServerFrame } from '#common/schemas/frames.ts'
import { callApi } from '../../lib/api-client.ts'
import { useEdited } from '../../lib/use-edited.ts'
import { useMemberData } from '../../lib/use-member-data.ts'
import { chatsAfterMessage, chatsWithout, chatsWithPartnerRead, chatsWithUnread } from './chat-list.ts'

/** What /member-data/chats answers a member (app/routes/member-data): the list and its times. */
export interface MemberChats {
  userId: number
  chats: ChatEntry[]
  /** The chats' times as the list shows them, in the member's time zone when the site knows it. */
  times: ChatTimeLabels | null
}

/**
 * The member's chats: the one owner of the list is its fetcher (/member-data/chats), loaded once a
 * member is on the page and again on demand; the chat frames of the WebSocket and a removal are
 * edits over it until it loads again. Chats are removed here first, then on the server, and the
 * list loads again after (spec section 4: on failure the chats come back). The open conversation's messages are never unread.
 */
export function useChats(userId: number | null, myProfileId: number | null) {
  const { data, load } = useMemberData<MemberChats>('/member-data/chats', userId)
  const [edited, edit] = useEdited(data?.chats ?? null)
  // Why the last removal failed: kept here, not in the list, which the removal may have emptied.
  const [removeFailure, setRemoveFailure] = useState<unknown>(null)
  const [open, setOpen] = useState<number | null>(null)
  const openConversation = useRef<number | null>(null)
  // Chats being removed stay out of the list until a load made after their removal has answered:
  // a load already on its way when the member removed one answers with it still there (CI73).
  const [removing, setRemoving] = useState<ReadonlySet<number>>(() => new Set())
  const chats = useMemo(() => {
    const list = edited && removing.size > 0 ? chatsWithout(edited, removing) : edited
    return list && open !== null ? chatsWithUnread(list, open, 0) : list
  }, [edited, open, removing])
  const latest = useRef(chats)
  latest.current = chats

  /** What a frame does to the list (frames of other kinds change nothing here). */
  const onChatFrame = useCallback(
    (frame: ServerFrame) => {
      switch (frame.type) {
        case 'message.created': {
          const mine = frame.message.profile === myProfileId
          const opts = { mine, open: openConversation.current === frame.conversation }
          // A conversation the list does not have yet: the list loads again, with it.
          if (latest.current && chatsAfterMessage(latest.current, frame.message, opts) === null) {
            load().catch(() => {})
            break
          }
          edit((list) => chatsAfterMessage(list, frame.message, opts) ?? list)
          break
        }
        case 'chat.unread':
          if (openConversation.current !== frame.conversation)
            edit((list) => chatsWithUnread(list, frame.conversation, frame.unread))
          break
        case 'message.read':
          edit((list) => chatsWithPartnerRead(list, frame.conversation, frame.lastRead))
          break
        case 'chat.removed':
          edit((list) => chatsWithout(list, new Set([frame.conversation])))
          break
      }
    },
    [myProfileId, load, edit],
  )

  const removeChats = useCallback(
    async (conversations: number[]) => {
      const gone = new Set(conversations)
      setRemoveFailure(null)
      setRemoving((current) => new Set([...current, ...gone]))
      try {
        for (const conversation of conversations) {
          await callApi(api.removeChat, { body: { conversation } })
        }
      } catch (error) {
        setRemoveFailure(error)
      } finally {
        // Removed or not, the list loads again and says what the server holds now.
        await load().catch(() => {})
        setRemoving((current) => new Set([...current].filter((c) => !gone.has(c))))
      }
    },
    [load],
  )

  // Stable functions: pages use them in their effects. A conversation left is read to its end.
  const setOpenConversation = useCallback(
    (conversation: number | null) => {
      const left = openConversation.current
      openConversation.current = conversation
      if (left !== null && left !== conversation) edit((list) => chatsWithUnread(list, left, 0))
      setOpen(conversation)
    },
    [edit],
  )
  const chatRead = useCallback(
    (conversation: number) => edit((list) => chatsWithUnread(list, conversation, 0)),
    [edit],
  )

  return {
    chats,
    times: data?.times ?? null,
    reloadChats: load,
    onChatFrame,
    removeChats,
    removeFailure,
    setOpenConversation,
    chatRead,
  }
}
