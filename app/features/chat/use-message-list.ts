import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { api } from '#common/api.ts'
import type { Message, MessagesResponse } from '#common/schemas/chat.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { useCatchUp, useMemberConnection } from '../../lib/member-connection.tsx'
import { useChatsStore } from './chats-store.tsx'
import type { ShownMessage } from './message-list.tsx'

/** How long "is typing" stays after the last signal. */
const TYPING_SHOWN_MS = 4000

/** Messages by client_id, sent ones in id order, then those still on their way. */
export function merge(current: ShownMessage[], incoming: Message[]): ShownMessage[] {
  const byClient = new Map(current.map((m) => [m.client_id, m]))
  for (const m of incoming) byClient.set(m.client_id, { ...m, state: 'sent' })
  return [...byClient.values()].sort((a, b) => {
    if (a.state === 'sent' && b.state === 'sent') return a.id - b.id
    if (a.state === 'sent') return -1
    if (b.state === 'sent') return 1
    return a.created_at.localeCompare(b.created_at)
  })
}

/**
 * Fetches what came after `mark` (the newest message a fetch returned), page by page (5 at most, the
 * rest at the next tick), moving the mark. Messages that arrived live do not move it: one lost on
 * its way would otherwise stay hidden behind a later one (ADR 22).
 */
export async function fetchSince(
  mark: { current: number },
  fetchPage: (after: number) => Promise<MessagesResponse>,
  take: (page: MessagesResponse) => void,
): Promise<void> {
  for (let pages = 0; pages < 5; pages++) {
    const page = await fetchPage(mark.current)
    mark.current = Math.max(mark.current, ...page.messages.map((m) => m.id))
    take(page)
    if (!page.has_more) return
  }
}

/** A page of older messages as /member-data/messages answers it (app/routes/member-data). */
type OlderPage = MessagesResponse | { failed: true }

/**
 * The messages of the open conversation: the first page is the loader's (shown as it is, never
 * copied), and the rest what came after it: older pages through the conversation's fetcher as the
 * member scrolls up, live messages, typing and read receipts from the socket, what came while it
 * was down, and the member's own on their way. Reading: the open conversation counts as read. Keeps
 * the view at the bottom for new messages and the reader's place for older ones.
 */
export function useMessageList(
  conversation: number | null,
  initial: MessagesResponse | null,
  myProfileId: number,
  partnerProfileId: number,
) {
  const { t } = useTranslation()
  const { chatRead, setOpenConversation } = useChatsStore()
  const { onFrame } = useMemberConnection()
  // Beyond the loader's page: older pages, live and caught-up messages, and the member's own.
  const [beyond, setMessages] = useState<ShownMessage[]>([])
  // Messages changed since they came (a voice note played): over whichever copy the page has.
  const [changed, setChanged] = useState<ReadonlyMap<string, Message>>(new Map())
  const messages = useMemo(
    () =>
      merge(beyond, initial?.messages ?? []).map((m) => {
        const now = changed.get(m.client_id)
        return now ? { ...now, state: m.state } : m
      }),
    [beyond, initial, changed],
  )
  const older = useFetcher<OlderPage>()
  const olderPage = older.data && !('failed' in older.data) ? older.data : null
  const hasMore = (olderPage ?? initial)?.has_more ?? false
  const olderHidden = (olderPage ?? initial)?.older_hidden ?? false
  const [partnerRead, setPartnerLastRead] = useState(0)
  const partnerLastRead = Math.max(initial?.partner_last_read ?? 0, partnerRead)
  const [typingUntil, setTypingUntil] = useState(0)
  const loadingOlder = older.state !== 'idle'
  const [loadError, setLoadError] = useState<string | null>(null)
  const scroller = useRef<HTMLDivElement>(null)
  const topSentinel = useRef<HTMLDivElement>(null)
  const keepScroll = useRef<number | null>(null)
  const stickToBottom = useRef(true)
  const newest = messages.filter((m) => m.state === 'sent').at(-1)?.id ?? 0

  // Reading: the open conversation counts as read up to the newest message shown, when the page is
  // seen; never a message still on its way to the page (issue 56: first contact).
  const readUpTo = useRef(0)
  const markRead = useCallback(() => {
    if (conversation === null || newest === 0 || document.visibilityState !== 'visible') return
    if (newest <= readUpTo.current) return
    readUpTo.current = newest
    chatRead(conversation)
    callApi(api.readChat, { body: { conversation, up_to: newest } }).catch(() => {
      readUpTo.current = 0
    })
  }, [conversation, newest, chatRead])
  useEffect(() => markRead(), [markRead])

  useEffect(() => {
    setOpenConversation(conversation)
    const onVisible = () => markRead()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      setOpenConversation(null)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [conversation, setOpenConversation, markRead])

  // Live: messages, typing and read receipts of this conversation. Before the conversation is
  // known to the page (first contact), the partner's first message is its own proof: it shows at
  // once, and the conversation it names becomes the page's (use-first-contact.ts).
  useEffect(
    () =>
      onFrame((frame) => {
        if (!('conversation' in frame)) return
        const firstContact =
          conversation === null &&
          frame.type === 'message.created' &&
          frame.message.profile === partnerProfileId
        if (!firstContact && frame.conversation !== conversation) return
        if (frame.type === 'message.created') {
          setMessages((current) => merge(current, [frame.message]))
          if (frame.message.profile !== myProfileId) setTypingUntil(0)
        } else if (frame.type === 'chat.typing') {
          setTypingUntil(Date.now() + TYPING_SHOWN_MS)
        } else if (frame.type === 'message.changed') {
          const { message } = frame
          setChanged((current) => new Map(current).set(message.client_id, message))
        } else if (frame.type === 'message.read') {
          setPartnerLastRead((current) => Math.max(current, frame.lastRead))
        }
      }),
    [onFrame, conversation, myProfileId, partnerProfileId],
  )

  // Catching up, after a reconnection and on every refresh tick: what came since the newest message
  // a fetch returned. Live frames do not move that mark: a frame lost on its way (a node or Redis
  // down) leaves a gap that a later frame would otherwise hide (ADR 22).
  const fetchedUpTo = useRef(newest)
  const catchUp = useCallback(async () => {
    if (conversation === null) return
    try {
      await fetchSince(
        fetchedUpTo,
        (after) => callApi(api.messages, { query: { conversation, after } }),
        (page) => {
          setMessages((current) => merge(current, page.messages))
          setPartnerLastRead((current) => Math.max(current, page.partner_last_read))
        },
      )
    } catch {
      // The next refresh tick or reconnection tries again.
    }
  }, [conversation])
  useCatchUp(catchUp, { refresh: true })

  // A conversation that started after the page opened (first contact): all of it so far.
  const openedWith = useRef(conversation)
  useEffect(() => {
    if (conversation === null || openedWith.current !== null) return
    openedWith.current = conversation
    void catchUp()
  }, [conversation, catchUp])

  // The typing indicator fades on its own.
  useEffect(() => {
    if (typingUntil === 0) return
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()))
    return () => clearTimeout(timer)
  }, [typingUntil])

  // Scrolling: new messages keep the view at the bottom; older pages keep the reader's place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after every change of the messages shown
  useLayoutEffect(() => {
    const el = scroller.current
    if (!el) return
    if (keepScroll.current !== null) {
      el.scrollTop = el.scrollHeight - keepScroll.current
      keepScroll.current = null
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight
    }
  }, [messages])

  const oldest = messages.find((m) => m.state === 'sent')?.id
  const loadOlder = useCallback(() => {
    if (conversation === null || !hasMore || loadingOlder || !oldest) return
    void older.load(`/member-data/messages?conversation=${conversation}&before=${oldest}`)
  }, [conversation, hasMore, loadingOlder, oldest, older.load])
  // A page came: its messages join the list above the reader's place; a failed one says so.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each page once, whatever the language
  useEffect(() => {
    const page = older.data
    if (!page) return
    if ('failed' in page) {
      setLoadError(t('chat.loadFailed'))
      return
    }
    const el = scroller.current
    keepScroll.current = el ? el.scrollHeight - el.scrollTop : null
    setMessages((current) => merge(current, page.messages))
  }, [older.data])

  useEffect(() => {
    const sentinel = topSentinel.current
    if (!sentinel || !hasMore) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadOlder()
    })
    observer.observe(sentinel)
    return () => observer.disconnect()
  }, [hasMore, loadOlder])

  return {
    messages,
    setMessages,
    hasMore,
    olderHidden,
    partnerLastRead,
    typing: typingUntil > Date.now(),
    loadingOlder,
    loadError,
    scroller,
    topSentinel,
    stickToBottom,
    /** Keeps following new messages while the reader is near the bottom. */
    onScroll: (el: HTMLElement) => {
      stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80
    },
  }
}
