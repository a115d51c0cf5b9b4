import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { api } from '#common/api.ts'
import type { ChatTimeLabels } from '#common/chat-times.ts'
import type { PaidKind } from '#common/credit-value.ts'
import { type FictionalSpend, fictionalReminderOf } from '#common/fictional-reminder.ts'
import { kindCredits } from '#common/message-kinds.ts'
import type { MessagesResponse } from '#common/schemas/chat.ts'
import type { PublicProfile } from '#common/schemas/members.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { HydrateLater } from '../../lib/hydration.ts'
import { useMember } from '../../lib/member.tsx'
import { takeOpeningLine } from '../../lib/opening-line.ts'
import { useDelayed } from '../../lib/use-delayed.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { CallConsent } from '../calls/index.ts'
import { creditsFrom, FictionalReminder } from '../credits/index.ts'
import { FictionalDisclosure } from '../members/index.ts'
import { useChatsStore } from './chats-store.tsx'
import { Composer } from './composer.tsx'
import { ConversationHeader } from './conversation-header.tsx'
import { ConversationStart, type Starters } from './conversation-start.tsx'
import { GiftPicker } from './gift-picker.tsx'
import { ClosedNote, KindClose } from './kind-close.tsx'
import { MessageList } from './message-list.tsx'
import { NoCreditsAlert } from './no-credits-alert.tsx'
import { AnsweringMove } from './opening-moves.tsx'
import { PhotoPreview } from './photo-preview.tsx'
import { SafetyNudge } from './safety-nudge.tsx'
import { useFirstContact } from './use-first-contact.ts'
import { merge, useMessageList } from './use-message-list.ts'
import { usePartnerPresence } from './use-partner-presence.ts'
import { useSending } from './use-sending.ts'

/** The refusals a live check lifts: the page links to it beside them (issue 60, point 2). */
const VERIFY_HELPS = new Set(['chat.verified_only', 'chat.openings_limit'])

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
  nextMessageFree,
  times,
  showExplicit: initialShowExplicit,
  fictionalSpend = null,
  purchaseBreakUntil = null,
  starters,
  closed = null,
}: {
  conversation: number | null
  profile: PublicProfile
  initial: MessagesResponse | null
  /** The initial messages' times as the server labelled them (use-chat-time.ts). */
  times?: ChatTimeLabels | null
  blockedByMe: boolean
  /** The member's next message here is free (the welcome offer). */
  nextMessageFree: boolean
  /** The member chose to see this conversation's explicit photos unblurred. */
  showExplicit: boolean
  /** What the member spent with fictional profiles, when it calls for a reminder (ADR 32). */
  fictionalSpend?: FictionalSpend | null
  /** Until when the member takes a break from purchases (ISO, ADR 32), or null. */
  purchaseBreakUntil?: string | null
  /** A conversation not started yet: the profile's opening moves and openers (issue 61). */
  starters?: Starters
  /** A member ended it with a polite close (issue 61): no composer then. */
  closed?: 'by_me' | 'by_partner' | null
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const { settings } = useRootData()
  const { user } = useMember()
  const myProfileId = user?.profile.id ?? 0
  const { messageSent } = useChatsStore()
  const [conversation, setConversation] = useState(initialConversation)
  const [searchParams] = useSearchParams()
  const [showGifts, setShowGifts] = useState(searchParams.get('gift') === '1')
  const [nextFree, setNextFree] = useState(nextMessageFree)
  const [showExplicit, setShowExplicit] = useState(initialShowExplicit)
  // A photo the member picked waits here, with its price, until they send it or not.
  const [photo, setPhoto] = useState<File | null>(null)
  // Credits paid here since the page loaded: the reminder shows the moment they pass the amount.
  const [paidHere, setPaidHere] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loader's count includes them anew
  useEffect(() => setPaidHere(0), [fictionalSpend])
  const fictionalReminder =
    profile.fictional && fictionalSpend
      ? fictionalReminderOf(fictionalSpend, user?.credit_value, fictionalSpend.credits + paidHere)
      : null
  const rememberShowExplicit = (show: boolean) => {
    setShowExplicit(show)
    if (conversation !== null)
      callApi(api.chatSafety, { body: { conversation, show_explicit: show } }).catch(() =>
        setShowExplicit(!show),
      )
  }
  useFirstContact(conversation, profile.id, setConversation)
  const presence = usePartnerPresence(profile)
  const list = useMessageList(conversation, initial, myProfileId, profile.id)
  const loadingOlderShown = useDelayed(list.loadingOlder)
  const sending = useSending({
    conversation,
    setConversation,
    partnerProfileId: profile.id,
    myProfileId,
    nextFree,
    setMessages: list.setMessages,
    stickToBottom: list.stickToBottom,
    onSent: (paid) => {
      setNextFree(false)
      if (paid > 0) setPaidHere((sum) => sum + paid)
    },
  })
  const returnTo = conversation === null ? `/members/${profile.id}/chat` : `/chats/${conversation}`
  // During a break from purchases nothing offers to buy (ADR 32).
  const buyHref = purchaseBreakUntil ? null : creditsFrom(returnTo)
  // An opening line picked on the member's landing or member page waits in the composer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page opens
  useEffect(() => {
    const line = takeOpeningLine(profile.id)
    if (line) sending.setText(line)
  }, [])
  const focusComposer = () => document.getElementById('chat-text')?.focus()
  const error = sending.error ?? list.loadError
  // Some kinds only answer (a voice note, issue 58): the composer offers them once the partner wrote here.
  const partnerWrote = conversation !== null && list.messages.some((m) => m.profile === profile.id)
  // Ended with a polite close (issue 61): as loaded, or by a closing message that came since.
  const closing = list.messages.find((m) => m.closing)
  const closedBy = closing ? (closing.profile === myProfileId ? 'by_me' : 'by_partner') : closed
  // The member's turn: the partner wrote last; a polite close is offered above the composer.
  const myTurn = partnerWrote && list.messages.at(-1)?.profile === profile.id
  const credits = user?.credits ?? 0
  const costOf = (kind: PaidKind) => kindCredits(settings, kind)
  return (
    <div className="chat-page d-flex flex-column">
      <HydrateLater>
        <ConversationHeader
          profile={profile}
          presence={presence}
          blockedByMe={blockedByMe}
          conversation={conversation}
        />
      </HydrateLater>
      {conversation !== null && !blockedByMe ? (
        <CallConsent conversation={conversation} profile={profile} />
      ) : null}
      {fictionalReminder && conversation !== null ? (
        <FictionalReminder reminder={fictionalReminder} conversation={conversation} />
      ) : profile.fictional ? (
        <FictionalDisclosure className="alert alert-light small m-2 mb-0" />
      ) : null}
      <div
        ref={list.scroller}
        className="chat-messages flex-grow-1 overflow-auto p-3 bg-light"
        aria-live="polite"
        aria-relevant="additions"
        onScroll={(e) => list.onScroll(e.currentTarget)}
      >
        <div ref={list.topSentinel} aria-hidden="true" />
        {loadingOlderShown ? (
          <p className="text-center small text-body-secondary">{t('common.loading')}</p>
        ) : null}
        {list.olderHidden && !list.hasMore ? (
          <p className="text-center small text-body-secondary" role="note">
            {t('chat.olderHidden')}
          </p>
        ) : null}
        {list.messages.length === 0 ? (
          <ConversationStart
            name={profile.name}
            blockedByMe={blockedByMe}
            hydrated={hydrated}
            starters={starters}
            onMove={(move) => {
              sending.setMove(move)
              focusComposer()
            }}
            onLine={(line) => {
              sending.setText(line)
              focusComposer()
            }}
          />
        ) : (
          <MessageList
            messages={list.messages}
            myProfileId={myProfileId}
            partnerName={profile.name}
            partnerLastRead={list.partnerLastRead}
            onRetry={sending.retry}
            times={times}
            showExplicit={showExplicit}
            onShowExplicit={rememberShowExplicit}
          />
        )}
        <p className="small text-body-secondary mb-0 typing-line" aria-live="polite">
          {list.typing ? t('chat.typing', { name: profile.name }) : ''}
        </p>
      </div>
      {sending.noCredits ? (
        <NoCreditsAlert
          kind={sending.noCredits}
          cost={costOf(sending.noCredits)}
          credits={credits}
          returnTo={returnTo}
          breakUntil={purchaseBreakUntil}
        />
      ) : null}
      {error ? (
        <p className="alert alert-danger m-2 mb-0" role="alert">
          {error}
          {sending.errorCode && VERIFY_HELPS.has(sending.errorCode) ? (
            <>
              {' '}
              <Link to="/verify" className="alert-link">
                {t('chat.verifyLink')}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {sending.move && !blockedByMe ? (
        <AnsweringMove move={sending.move} name={profile.name} onCancel={() => sending.setMove(null)} />
      ) : null}
      {myTurn && !closedBy && !blockedByMe && conversation !== null ? (
        <KindClose
          conversation={conversation}
          name={profile.name}
          onClosed={(sent) => {
            list.setMessages((current) => merge(current, [sent.message]))
            messageSent(sent.conversation, sent.message)
          }}
        />
      ) : null}
      {closedBy ? (
        <ClosedNote by={closedBy} name={profile.name} />
      ) : blockedByMe ? (
        <p className="p-3 mb-0 border-top bg-white">{t('memberPage.blockedNote', { name: profile.name })}</p>
      ) : (
        <Composer
          text={sending.text}
          credits={credits}
          nextFree={nextFree}
          partnerName={profile.name}
          buyHref={buyHref}
          onTextChange={sending.onTextChange}
          onSubmit={(event) => void sending.sendText(event)}
          onOpenGifts={() => setShowGifts(true)}
          onPhoto={setPhoto}
          onRecorded={(kind, file) => void sending.sendFile(kind, file)}
          answering={partnerWrote}
        />
      )}
      <PhotoPreview
        file={photo}
        cost={settings.photo_credits}
        credits={credits}
        free={nextFree}
        partnerName={profile.name}
        returnTo={returnTo}
        breakUntil={purchaseBreakUntil}
        onSend={(file) => {
          setPhoto(null)
          void sending.sendFile('photo', file)
        }}
        onCancel={() => setPhoto(null)}
      />
      <GiftPicker
        show={showGifts}
        gifts={settings.gifts}
        cost={settings.gift_credits}
        credits={credits}
        free={nextFree}
        partnerName={profile.name}
        returnTo={returnTo}
        breakUntil={purchaseBreakUntil}
        onPick={(g) => {
          setShowGifts(false)
          void sending.sendGift(g)
        }}
        onClose={() => setShowGifts(false)}
      />
      <SafetyNudge nudge={sending.nudge} name={profile.name} onAnswer={sending.answerNudge} />
    </div>
  )
}
