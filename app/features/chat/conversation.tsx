import {
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import type { GiftKey, Message, MessagesResponse, SendMessageResponse } from '#common/schemas/chat.ts'
import type { PublicProfile } from '#common/schemas/members.ts'
import { CameraIcon, GiftIcon } from '../../components/icons.tsx'
import { ProfileAvatar } from '../../components/profile-avatar.tsx'
import { ApiError, fetchJson } from '../../lib/api-client.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { BlockButton } from '../members/block-button.tsx'
import { FictionalBadge } from '../members/fictional-badge.tsx'
import { useChatStore } from './chat-store.tsx'
import { GiftPicker } from './gift-picker.tsx'
import { IcebreakerModal } from './icebreaker-modal.tsx'
import { MessageList, type ShownMessage } from './message-list.tsx'

/** Where a member buys credits. */
export const BUY_CREDITS_PATH = '/credits'
/** How long "is typing" stays after the last signal, and how often we send ours. */
const TYPING_SHOWN_MS = 4000
const TYPING_SEND_EVERY_MS = 2000

const newClientId = () => crypto.randomUUID()

function merge(current: ShownMessage[], incoming: Message[]): ShownMessage[] {
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
 * A conversation (/chats/{id}, or /members/{id}/chat before the first message): history that loads
 * older pages as the member scrolls up, live messages, typing and read receipts, and a composer for
 * texts, gifts and photos that pay with credits.
 */
export function Conversation({
  conversation: initialConversation,
  profile,
  initial,
  blockedByMe,
}: {
  conversation: number | null
  profile: PublicProfile
  initial: MessagesResponse | null
  blockedByMe: boolean
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const { settings, user: rootUser } = useRootData()
  const store = useChatStore()
  const myProfileId = rootUser?.profile.id ?? 0
  const [conversation, setConversation] = useState(initialConversation)
  const [messages, setMessages] = useState<ShownMessage[]>(
    (initial?.messages ?? []).map((m) => ({ ...m, state: 'sent' as const })),
  )
  const [hasMore, setHasMore] = useState(initial?.has_more ?? false)
  const [olderHidden, setOlderHidden] = useState(initial?.older_hidden ?? false)
  const [partnerLastRead, setPartnerLastRead] = useState(initial?.partner_last_read ?? 0)
  const [typingUntil, setTypingUntil] = useState(0)
  const [text, setText] = useState('')
  const [noCredits, setNoCredits] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [searchParams] = useSearchParams()
  const [showGifts, setShowGifts] = useState(searchParams.get('gift') === '1')
  const [showIcebreakers, setShowIcebreakers] = useState(false)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const scroller = useRef<HTMLDivElement>(null)
  const topSentinel = useRef<HTMLDivElement>(null)
  const lastTypingSent = useRef(0)
  const keepScroll = useRef<number | null>(null)
  const stickToBottom = useRef(true)
  const newest = messages.filter((m) => m.state === 'sent').at(-1)?.id ?? 0

  // Reading: the open conversation counts as read, now and whenever a message arrives.
  const markRead = useCallback(() => {
    if (conversation === null || document.visibilityState !== 'visible') return
    store.chatRead(conversation)
    fetchJson('/api/chat.php', { method: 'PUT', body: JSON.stringify({ conversation }) }).catch(() => {})
  }, [conversation, store.chatRead])

  useEffect(() => {
    store.setOpenConversation(conversation)
    markRead()
    const onVisible = () => markRead()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      store.setOpenConversation(null)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [conversation, store.setOpenConversation, markRead])

  // Live: messages, typing and read receipts of this conversation.
  useEffect(
    () =>
      store.onFrame((frame) => {
        if (conversation === null || !('conversation' in frame) || frame.conversation !== conversation) return
        if (frame.type === 'message.created') {
          setMessages((current) => merge(current, [frame.message]))
          if (frame.message.profile !== myProfileId) {
            setTypingUntil(0)
            markRead()
          }
        } else if (frame.type === 'chat.typing') {
          setTypingUntil(Date.now() + TYPING_SHOWN_MS)
        } else if (frame.type === 'message.read') {
          setPartnerLastRead((current) => Math.max(current, frame.lastRead))
        }
      }),
    [store.onFrame, conversation, myProfileId, markRead],
  )

  // After a reconnection: fetch what came while the socket was down.
  const newestRef = useRef(newest)
  newestRef.current = newest
  useEffect(
    () =>
      store.onReconnect(async () => {
        if (conversation === null) return
        try {
          const page = await fetchJson<MessagesResponse>(
            `/api/messages.php?conversation=${conversation}&after=${newestRef.current}`,
          )
          setMessages((current) => merge(current, page.messages))
          setPartnerLastRead((current) => Math.max(current, page.partner_last_read))
          markRead()
        } catch {
          // The refresh cycle and the next reconnection try again.
        }
      }),
    [store.onReconnect, conversation, markRead],
  )

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

  const loadOlder = useCallback(async () => {
    if (conversation === null || !hasMore || loadingOlder) return
    const oldest = messages.find((m) => m.state === 'sent')?.id
    if (!oldest) return
    setLoadingOlder(true)
    try {
      const page = await fetchJson<MessagesResponse>(
        `/api/messages.php?conversation=${conversation}&before=${oldest}`,
      )
      const el = scroller.current
      keepScroll.current = el ? el.scrollHeight - el.scrollTop : null
      setMessages((current) => merge(current, page.messages))
      setHasMore(page.has_more)
      setOlderHidden(page.older_hidden)
    } catch {
      setError(t('chat.loadFailed'))
    } finally {
      setLoadingOlder(false)
    }
  }, [conversation, hasMore, loadingOlder, messages, t])

  useEffect(() => {
    const sentinel = topSentinel.current
    if (!sentinel || !hasMore) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadOlder()
    })
    observer.observe(sentinel)
    return () => observer.disconnect()
  }, [hasMore, loadOlder])

  /**
   * Shows a message at once and sends it: 'sent'; 'refused' when the server said no (no credits,
   * blocked: the message is taken back); 'failed' when it could not be reached (the bubble stays,
   * with a retry that keeps its client_id, so a send that did arrive is not made twice).
   */
  const deliver = async (
    pending: ShownMessage,
    body: BodyInit,
    url = '/api/message.php',
  ): Promise<'sent' | 'refused' | 'failed'> => {
    setError(null)
    setNoCredits(false)
    stickToBottom.current = true
    setMessages((current) =>
      merge(
        current.filter((m) => m.client_id !== pending.client_id),
        [],
      ).concat(pending),
    )
    try {
      const result = await fetchJson<SendMessageResponse>(url, { method: 'POST', body })
      setMessages((current) => merge(current, [result.message]))
      store.setCredits(result.credits)
      if (conversation === null) {
        setConversation(result.conversation)
        navigate(`/chats/${result.conversation}`, { replace: true })
      }
      return 'sent'
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'credits.insufficient') {
        setMessages((current) => current.filter((m) => m.client_id !== pending.client_id))
        setNoCredits(true)
        return 'refused'
      }
      if (failure instanceof ApiError && failure.status < 500) {
        setMessages((current) => current.filter((m) => m.client_id !== pending.client_id))
        setError(failure.message)
        return 'refused'
      }
      setMessages((current) =>
        current.map((m) => (m.client_id === pending.client_id ? { ...m, state: 'failed' } : m)),
      )
      return 'failed'
    }
  }

  const target = conversation === null ? { profile: profile.id } : { conversation }
  const pendingOf = (fields: Partial<Message>): ShownMessage => ({
    id: 0,
    conversation: conversation ?? 0,
    profile: myProfileId,
    kind: 'text',
    text: '',
    gift: null,
    photo: null,
    client_id: newClientId(),
    created_at: new Date().toISOString(),
    state: 'pending',
    ...fields,
  })

  const sendText = async (event?: FormEvent) => {
    event?.preventDefault()
    const body = text.trim()
    if (!body) {
      setError(t('errors.chat.empty'))
      return
    }
    if (body.length > settings.message_length) {
      setError(t('errors.chat.too_long', { max: settings.message_length }))
      return
    }
    const pending = pendingOf({ text: body })
    setText('')
    const outcome = await deliver(
      pending,
      JSON.stringify({ ...target, text: body, client_id: pending.client_id }),
    )
    // A refused message is taken back from the list: its text returns to the box, unless the
    // member has started another one meanwhile.
    if (outcome === 'refused') setText((current) => (current.trim() ? current : body))
  }

  const sendGift = async (gift: GiftKey) => {
    setShowGifts(false)
    const pending = pendingOf({ kind: 'gift', gift })
    await deliver(pending, JSON.stringify({ ...target, text: '', gift, client_id: pending.client_id }))
  }

  const sendPhoto = async (file: File) => {
    const pending = pendingOf({ kind: 'photo', text: t('chat.photoSending') })
    const form = new FormData()
    if (conversation === null) form.set('profile', String(profile.id))
    else form.set('conversation', String(conversation))
    form.set('client_id', pending.client_id)
    form.set('text', '')
    form.set('photo', file)
    await deliver(pending, form, '/api/message-photo.php')
  }

  const retry = (m: ShownMessage) => {
    const again: ShownMessage = { ...m, state: 'pending' }
    if (m.kind === 'text')
      void deliver(again, JSON.stringify({ ...target, text: m.text, client_id: m.client_id }))
    else if (m.kind === 'gift' && m.gift)
      void deliver(again, JSON.stringify({ ...target, text: '', gift: m.gift, client_id: m.client_id }))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void sendText()
    }
  }

  const onTextChange = (value: string) => {
    setText(value)
    if (conversation !== null && Date.now() - lastTypingSent.current > TYPING_SEND_EVERY_MS) {
      lastTypingSent.current = Date.now()
      store.sendTyping(conversation)
    }
  }

  const credits = store.user?.credits ?? rootUser?.credits ?? 0
  const typing = typingUntil > Date.now()
  return (
    <div className="chat-page d-flex flex-column">
      <header className="chat-header border-bottom bg-white d-flex align-items-center gap-2 p-2">
        <Link to="/chats" className="btn btn-outline-secondary btn-sm" aria-label={t('chat.allChats')}>
          <span aria-hidden="true">←</span>
          <span className="d-none d-sm-inline ms-1" aria-hidden="true">
            {t('chat.allChats')}
          </span>
        </Link>
        <Link
          to={`/members/${profile.id}`}
          className="d-flex align-items-center gap-2 text-reset text-decoration-none me-auto min-w-0"
        >
          <ProfileAvatar
            name={profile.name}
            image={profile.main_image?.thumb_filename}
            size={40}
            emptyClassName="chat-avatar"
          />
          <h1 className="h6 mb-0 text-truncate">
            <span className="visually-hidden">{t('chat.titleWith', { name: profile.name })}</span>
            <span aria-hidden="true">{profile.name}</span> {profile.fictional ? <FictionalBadge /> : null}
          </h1>
        </Link>
        <BlockButton profileId={profile.id} blocked={blockedByMe} />
      </header>
      {profile.fictional ? (
        <p className="alert alert-light small m-2 mb-0" role="note">
          {settings.fictional_warning}
        </p>
      ) : null}
      <div
        ref={scroller}
        className="chat-messages flex-grow-1 overflow-auto p-3 bg-light"
        aria-live="polite"
        aria-relevant="additions"
        onScroll={(e) => {
          const el = e.currentTarget
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80
        }}
      >
        <div ref={topSentinel} aria-hidden="true" />
        {loadingOlder ? <p className="text-center small text-body-secondary">{t('common.loading')}</p> : null}
        {olderHidden && !hasMore ? (
          <p className="text-center small text-body-secondary" role="note">
            {t('chat.olderHidden')}
          </p>
        ) : null}
        {messages.length === 0 ? (
          <div className="text-center text-body-secondary py-4">
            <p>{t('chat.empty', { name: profile.name })}</p>
            {blockedByMe ? null : (
              <button
                type="button"
                className="btn btn-outline-primary"
                onClick={() => setShowIcebreakers(true)}
                disabled={!hydrated}
              >
                {t('chat.icebreakers.open')}
              </button>
            )}
          </div>
        ) : (
          <MessageList
            messages={messages}
            myProfileId={myProfileId}
            partnerName={profile.name}
            partnerLastRead={partnerLastRead}
            onRetry={retry}
          />
        )}
        <p className="small text-body-secondary mb-0 typing-line" aria-live="polite">
          {typing ? t('chat.typing', { name: profile.name }) : ''}
        </p>
      </div>
      {noCredits ? (
        <div className="alert alert-warning m-2 mb-0 d-flex flex-wrap align-items-center gap-2" role="alert">
          <span className="me-auto">{t('chat.noCredits', { cost: settings.message_credits })}</span>
          <Link to={BUY_CREDITS_PATH} className="btn btn-primary btn-sm">
            {t('chat.buyCredits')}
          </Link>
        </div>
      ) : null}
      {error ? (
        <p className="alert alert-danger m-2 mb-0" role="alert">
          {error}
        </p>
      ) : null}
      {blockedByMe ? (
        <p className="p-3 mb-0 border-top bg-white">{t('memberPage.blockedNote', { name: profile.name })}</p>
      ) : (
        <form className="chat-composer border-top bg-white p-2" onSubmit={sendText}>
          <div className="d-flex gap-2 align-items-end">
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setShowGifts(true)}
              disabled={!hydrated}
              aria-label={t('chat.gifts.open')}
              title={t('chat.gifts.open')}
            >
              <GiftIcon />
            </button>
            <label className="btn btn-outline-secondary mb-0" title={t('chat.photo')}>
              <CameraIcon />
              <span className="visually-hidden">{t('chat.photo')}</span>
              <input
                type="file"
                accept="image/*"
                className="visually-hidden"
                disabled={!hydrated}
                onChange={(e) => {
                  const file = e.target.files?.[0]
                  e.target.value = ''
                  if (file) void sendPhoto(file)
                }}
              />
            </label>
            <label htmlFor="chat-text" className="visually-hidden">
              {t('chat.message')}
            </label>
            <textarea
              id="chat-text"
              className="form-control"
              rows={1}
              maxLength={settings.message_length}
              value={text}
              onChange={(e) => onTextChange(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder={t('chat.placeholder')}
            />
            <button type="submit" className="btn btn-primary" disabled={!hydrated}>
              {t('chat.send')}
            </button>
          </div>
          <p className="small text-body-secondary mb-0 mt-1 d-flex justify-content-between">
            <span>{t('chat.cost', { cost: settings.message_credits, credits })}</span>
            <span aria-hidden="true">
              {text.length}/{settings.message_length}
            </span>
          </p>
        </form>
      )}
      <GiftPicker
        show={showGifts}
        cost={settings.gift_credits}
        onPick={(g) => void sendGift(g)}
        onClose={() => setShowGifts(false)}
      />
      <IcebreakerModal
        show={showIcebreakers}
        name={profile.name}
        onPick={(line) => {
          setText(line)
          setShowIcebreakers(false)
        }}
        onClose={() => setShowIcebreakers(false)}
      />
    </div>
  )
}
