import type { ReactNode } from 'react'
import { FILE_KINDS, MESSAGE_KIND_NAMES, type MessageKind } from '#common/message-kinds.ts'
import type { Message } from '#common/schemas/message.ts'
import { CameraIcon, GiftIcon, MicrophoneIcon } from '../../components/icons.tsx'
import { type TFunction, useTranslation } from '../../i18n.ts'
import { ClosingLabel } from './kind-close.tsx'
import { MoveBubble } from './opening-moves.tsx'
import { ChatPhoto, ExplicitPhoto } from './received-safety.tsx'
import { clockTime, VoicePlayer, VoiceRecorder } from './voice-note.tsx'

// How each kind of chat message shows (common/message-kinds.ts's rows; issue 57, ADR 35): in its
// bubble, as the last message of the chat list, and in the staff's views of a conversation. The
// message list, the chat list and the console draw every kind from this table.

/** What a bubble needs beyond its message: whose it is and the member's choice about explicit photos. */
interface BubbleProps {
  message: Message
  mine: boolean
  /** The member sees this conversation's explicit photos unblurred (their choice, issue 38). */
  showExplicit: boolean
  onShowExplicit: (show: boolean) => void
}

interface KindView {
  /** The icon before the chat list's preview of a last message of this kind. */
  icon: ReactNode
  /** The chat list's preview of a last message of this kind, from its words (and a recording's length). */
  preview: (t: TFunction, last: { text: string; seconds: number | null; closing?: boolean }) => string
  /** The bubble's own look, beside the sender's (a class of app.css), or ''. */
  bubbleClass: string
  /** What the bubble shows above any words; null when a message of this kind is only its words. */
  Bubble: ((props: BubbleProps) => ReactNode) | null
  /** What a message of this kind said, in the staff's views (from common/message-kinds.ts's staffWords). */
  said: (t: TFunction, words: string) => string
  /** The composer's button for the kind (beside the text, or behind "+" on a phone); null for the text itself. */
  extra: ((t: TFunction) => string) | null
  /** The composer's recorder of a kind that is recorded there (a voice note's microphone), or null. */
  Recorder: ((props: { disabled: boolean; onSend: (file: File) => void }) => ReactNode) | null
}

const giftName = (t: TFunction, key: string) => t(`chat.gifts.names.${key}`, { defaultValue: key })

function GiftBubble({ message }: BubbleProps) {
  const { t } = useTranslation()
  if (!message.gift) return null
  return (
    <span className="d-block text-center">
      <img src={`/gifts/${message.gift}.svg`} alt="" width={72} height={72} />
      <span className="d-block small">{t('chat.gifts.sent', { gift: giftName(t, message.gift) })}</span>
    </span>
  )
}

function PhotoBubble({ message, mine, showExplicit, onShowExplicit }: BubbleProps) {
  const { photo } = message
  if (!photo) return null
  // A received photo the model found explicit is blurred until the member chooses to see it.
  if (!mine && message.flags.includes('explicit'))
    return (
      <ExplicitPhoto
        message={{ ...message, photo }}
        alwaysShown={showExplicit}
        onAlwaysShow={onShowExplicit}
      />
    )
  return <ChatPhoto photo={photo} />
}

/** A text's extras (issue 61): the opening move it answers, or the mark of a polite close. */
function TextBubble(props: BubbleProps) {
  return (
    <>
      <MoveBubble {...props} />
      {props.message.closing ? <ClosingLabel /> : null}
    </>
  )
}

function VoiceBubble({ message, mine }: BubbleProps) {
  return message.voice ? <VoicePlayer voice={message.voice} message={message.id} mine={mine} /> : null
}

export const KIND_VIEWS: Record<MessageKind, KindView> = {
  text: {
    icon: null,
    preview: (t, { text, closing }) => (closing ? t('yourTurn.ended') : text),
    bubbleClass: '',
    // A first text may answer an opening move, or close the conversation (issue 61).
    Bubble: TextBubble,
    said: (_t, words) => words,
    extra: null,
    Recorder: null,
  },
  gift: {
    icon: <GiftIcon />,
    preview: (t) => t('chat.preview.gift'),
    bubbleClass: 'message-gift',
    Bubble: GiftBubble,
    said: (t, key) => t('console.reports.context.gift', { gift: giftName(t, key) }),
    extra: (t) => t('chat.gifts.open'),
    Recorder: null,
  },
  photo: {
    icon: <CameraIcon />,
    preview: (t) => t('chat.preview.photo'),
    bubbleClass: '',
    Bubble: PhotoBubble,
    said: (t, words) => `${t('console.reports.context.photo')}${words ? ` “${words}”` : ''}`,
    extra: (t) => t('chat.photo'),
    Recorder: null,
  },
  voice: {
    icon: <MicrophoneIcon />,
    preview: (t, { seconds }) =>
      seconds === null
        ? t('chat.preview.voice')
        : t('chat.preview.voiceLength', { length: clockTime(seconds) }),
    bubbleClass: '',
    Bubble: VoiceBubble,
    said: (t) => t('console.reports.context.voice'),
    // Recorded in the composer, beside the text: no button behind "+".
    extra: null,
    Recorder: VoiceRecorder,
  },
}

/** The kinds the composer records (a voice note), in the table's order. */
export const RECORDED_KINDS = FILE_KINDS.filter((kind) => KIND_VIEWS[kind].Recorder !== null)

/** The kinds the composer has a button for, in the table's order. */
export const EXTRA_KINDS = MESSAGE_KIND_NAMES.filter((kind) => KIND_VIEWS[kind].extra !== null) as Exclude<
  MessageKind,
  'text' | 'voice'
>[]
export type ExtraKind = (typeof EXTRA_KINDS)[number]

/** What a message said, in the staff's views of a conversation: its kind in the staff member's words. */
export function MessageSaid({ kind, text }: { kind: MessageKind; text: string }) {
  const { t } = useTranslation()
  return <>{KIND_VIEWS[kind].said(t, text)}</>
}
