import { type Dispatch, type FormEvent, type RefObject, type SetStateAction, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { api } from '#common/api.ts'
import { type FileKind, kindCredits, NO_KIND_FIELDS } from '#common/message-kinds.ts'
import { checkMessageText } from '#common/message-text.ts'
import type { OpeningMoveKey } from '#common/opening-moves.ts'
import type { NudgeAnswer } from '#common/safety.ts'
import type { GiftKey, Message, SendMessageResponse } from '#common/schemas/chat.ts'
import type { OpeningMove } from '#common/schemas/profile-prompts.ts'
import { useTranslation } from '../../i18n.ts'
import { ApiError, callApi } from '../../lib/api-client.ts'
import { useMember } from '../../lib/member.tsx'
import { useMemberConnection } from '../../lib/member-connection.tsx'
import { useRootData } from '../../lib/use-root-data.ts'
import { useChatsStore } from './chats-store.tsx'
import type { ShownMessage } from './message-list.tsx'
import { affordable } from './paid-choice.tsx'
import { merge } from './use-message-list.ts'

/** How often we tell the partner we are typing. */
const TYPING_SEND_EVERY_MS = 2000

const newClientId = () => crypto.randomUUID()

/**
 * A question the server asked before a send (issue 38): an unkind text (edit it or send it anyway)
 * or an explicit photo (send it, blurred for the receiver, or keep it).
 */
export type Nudge = { kind: 'unkind'; text: string } | { kind: 'explicit'; file: File; of: FileKind }

/** What a member typed to each profile and has not sent, for this tab's life. */
const drafts = new Map<number, string>()

/**
 * Sending in the open conversation: texts, gifts and photos shown at once and paid with credits. The
 * first message of a new conversation moves the page to /chats/{id}. A refused text comes back to
 * the box; a send that could not reach the server keeps its bubble, with a retry that reuses its
 * client_id so that a message that did arrive is neither sent nor charged twice.
 */
export function useSending(opts: {
  conversation: number | null
  setConversation: (conversation: number) => void
  partnerProfileId: number
  myProfileId: number
  /** The next message here is free (the welcome offer): any kind goes without credits. */
  nextFree: boolean
  setMessages: Dispatch<SetStateAction<ShownMessage[]>>
  stickToBottom: RefObject<boolean>
  /**
   * Told after every message the server took (the welcome offer's free message is then used),
   * with the credits it took.
   */
  onSent?: (paid: number) => void
}) {
  const { conversation, partnerProfileId, myProfileId, setMessages } = opts
  const { messageSent } = useChatsStore()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user, setCredits } = useMember()
  const { sendTyping } = useMemberConnection()
  const { settings } = useRootData()
  const [text, setShownText] = useState(() => drafts.get(partnerProfileId) ?? '')
  // The draft outlives the page: the first message moves a new conversation to its own address
  // (/members/{id}/chat to /chats/{id}), and what the member typed meanwhile comes along.
  const setText: Dispatch<SetStateAction<string>> = (value) =>
    setShownText((current) => {
      const next = typeof value === 'function' ? value(current) : value
      if (next.trim()) drafts.set(partnerProfileId, next)
      else drafts.delete(partnerProfileId)
      return next
    })
  /** What could not be paid for (the alert names its price), or null. */
  const [noCredits, setNoCredits] = useState<Message['kind'] | null>(null)
  const [error, setError] = useState<string | null>(null)
  /** The code of the last refusal shown, for what the page offers beside it (a live check). */
  const [errorCode, setErrorCode] = useState<string | null>(null)
  const [nudge, setNudge] = useState<Nudge | null>(null)
  /** The profile's opening move the next text answers (issue 61, point 2), if the member chose one. */
  const [move, setMove] = useState<OpeningMove | null>(null)
  /** The member was asked about a text and went back to edit it: the next send says so (counted). */
  const editedAfterNudge = useRef(false)
  const lastTypingSent = useRef(0)
  // The balance as last known, so that two sends in flight each count what they took.
  const balance = useRef(user?.credits)
  balance.current = user?.credits

  /** Shows a message at once and sends it: sent, refused (taken back) or failed (kept, to retry). */
  const deliver = async (
    pending: ShownMessage,
    send: () => Promise<SendMessageResponse>,
  ): Promise<'sent' | 'refused' | 'failed' | 'asked'> => {
    setError(null)
    setNoCredits(null)
    opts.stickToBottom.current = true
    setMessages((current) =>
      merge(
        current.filter((m) => m.client_id !== pending.client_id),
        [],
      ).concat(pending),
    )
    try {
      const result = await send()
      setMessages((current) => merge(current, [result.message]))
      // The answer is this tab's one truth: its message and balance (no frame echoes them here).
      setCredits(result.credits)
      messageSent(result.conversation, result.message)
      const before = balance.current ?? result.credits
      balance.current = result.credits
      opts.onSent?.(Math.max(0, before - result.credits))
      if (conversation === null) {
        opts.setConversation(result.conversation)
        navigate(`/chats/${result.conversation}`, { replace: true })
      }
      return 'sent'
    } catch (failure) {
      const refused = failure instanceof ApiError && failure.status < 500
      if (refused) {
        setMessages((current) => current.filter((m) => m.client_id !== pending.client_id))
        // A move that no longer opens anything or is gone: the words stay, without the question.
        if (failure.code.startsWith('chat.move_')) setMove(null)
        if (failure.code === 'credits.insufficient') setNoCredits(pending.kind)
        else if (failure.code !== 'chat.unkind' && failure.code !== 'chat.photo_explicit') {
          setError(failure.message)
          setErrorCode(failure.code)
        }
        return failure.code === 'chat.unkind' || failure.code === 'chat.photo_explicit' ? 'asked' : 'refused'
      }
      setMessages((current) =>
        current.map((m) => (m.client_id === pending.client_id ? { ...m, state: 'failed' } : m)),
      )
      return 'failed'
    }
  }

  /**
   * Whether the member's credits pay for a `kind` now: when they do not, the out-of-credits alert
   * shows and nothing is sent (issue 56: no request that can only fail).
   */
  const canPay = (kind: Message['kind']) => {
    const cost = kindCredits(settings, kind)
    if (affordable({ free: opts.nextFree, cost, credits: balance.current ?? 0 })) return true
    setError(null)
    setNoCredits(kind)
    return false
  }

  const target = conversation === null ? { profile: partnerProfileId } : { conversation }
  const pendingOf = (fields: Partial<Message>): ShownMessage => ({
    id: 0,
    conversation: conversation ?? 0,
    profile: myProfileId,
    kind: 'text',
    text: '',
    ...NO_KIND_FIELDS,
    move: null,
    closing: false,
    flags: [],
    client_id: newClientId(),
    created_at: new Date().toISOString(),
    state: 'pending',
    ...fields,
  })

  const sendText = async (event?: FormEvent, answer?: NudgeAnswer) => {
    event?.preventDefault()
    const source = answer === 'send_anyway' && nudge?.kind === 'unkind' ? nudge.text : text
    const { text: body, problem } = checkMessageText(source, settings.message_length, { required: true })
    if (problem) {
      setError(t(`errors.${problem.code}`, problem.code === 'chat.too_long' ? { max: problem.max } : {}))
      return
    }
    setNudge(null)
    if (!canPay('text')) return
    const answering = move
    const pending = pendingOf({
      text: body,
      move: answering && { key: answering.move, answer: answering.answer },
    })
    const said = answer ?? (editedAfterNudge.current ? 'edited' : undefined)
    setText('')
    const outcome = await deliver(pending, () =>
      callApi(api.sendMessage, {
        body: {
          ...target,
          text: body,
          client_id: pending.client_id,
          ...(said ? { nudge: said } : {}),
          ...(answering ? { move: answering.move } : {}),
        },
      }),
    )
    if (outcome === 'sent') {
      editedAfterNudge.current = false
      setMove(null)
    }
    if (outcome === 'asked') setNudge({ kind: 'unkind', text: body })
    // A refused message is taken back from the list: its text returns to the box, unless the
    // member has started another one meanwhile.
    if (outcome === 'refused' || outcome === 'asked') setText((current) => (current.trim() ? current : body))
  }

  /** The member's answer to the question asked: edit the text, send it anyway, keep the photo. */
  const answerNudge = (answer: NudgeAnswer | 'cancel') => {
    const asked = nudge
    if (!asked) return
    if (answer === 'send_anyway') {
      if (asked.kind === 'unkind') void sendText(undefined, 'send_anyway')
      else void sendFile(asked.of, asked.file, 'send_anyway')
      return
    }
    if (asked.kind === 'unkind' && answer === 'edited') editedAfterNudge.current = true
    setNudge(null)
  }

  const sendGift = async (gift: GiftKey) => {
    if (!canPay('gift')) return
    const pending = pendingOf({ kind: 'gift', gift })
    await deliver(pending, () =>
      callApi(api.sendMessage, { body: { ...target, text: '', gift, client_id: pending.client_id } }),
    )
  }

  /** Sends a message that carries a file (a photo), through the one upload call of every such kind. */
  async function sendFile(kind: FileKind, file: File, answer?: NudgeAnswer) {
    setNudge(null)
    if (!canPay(kind)) return
    const pending = pendingOf({ kind, text: t(`chat.sendingKind.${kind}`) })
    const form = {
      ...target,
      kind,
      client_id: pending.client_id,
      text: '',
      ...(answer ? { nudge: answer } : {}),
    }
    const outcome = await deliver(pending, () => callApi(api.sendFileMessage, { form, file }))
    if (outcome === 'asked') setNudge({ kind: 'explicit', file, of: kind })
  }

  const retry = (m: ShownMessage) => {
    const again: ShownMessage = { ...m, state: 'pending' }
    const gift = m.kind === 'gift' ? m.gift : null
    if (m.kind !== 'text' && !gift) return
    const answered = m.move ? { move: m.move.key as OpeningMoveKey } : {}
    const body = gift
      ? { ...target, text: '', gift, client_id: m.client_id }
      : { ...target, text: m.text, client_id: m.client_id, ...answered }
    void deliver(again, () => callApi(api.sendMessage, { body }))
  }

  /** The composer's text; typing tells the partner, at most every two seconds. */
  const onTextChange = (value: string) => {
    setText(value)
    if (conversation !== null && Date.now() - lastTypingSent.current > TYPING_SEND_EVERY_MS) {
      lastTypingSent.current = Date.now()
      sendTyping(conversation)
    }
  }

  return {
    text,
    setText,
    onTextChange,
    noCredits,
    error,
    errorCode: error === null ? null : errorCode,
    sendText,
    sendGift,
    sendFile,
    retry,
    nudge,
    answerNudge,
    canPay,
    move,
    setMove,
  }
}
