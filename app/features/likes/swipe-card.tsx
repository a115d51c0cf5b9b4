import { type PointerEvent, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { PublicProfile } from '#common/schemas/members.ts'
import type { PromptAnswer } from '#common/schemas/profile-prompts.ts'
import type { ProfileVoice } from '#common/schemas/profile-voice.ts'
import type { TFunction } from '../../i18n.ts'
import { useTranslation } from '../../i18n.ts'
import { useRegionName } from '../../lib/country-names.ts'
import { distanceText, FictionalBadge, NewHereBadge, VerifiedBadge } from '../members/index.ts'
import { PromptAnswers } from '../profile-prompts/index.ts'
import { VoicePromptPlayer } from '../voice-prompt/index.ts'

/** How far a card must be dragged to count as a like (right) or a pass (left). */
const SWIPE_DISTANCE = 100

/**
 * The arrow keys decide on the card at hand (right likes, left passes), except while someone types
 * or a dialog is open.
 */
export function useSwipeKeys(decide: (like: boolean) => void) {
  const latest = useRef(decide)
  latest.current = decide
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null
      if (target?.closest('input, textarea, select, [contenteditable="true"], .modal')) return
      if (event.key === 'ArrowRight') latest.current(true)
      if (event.key === 'ArrowLeft') latest.current(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}

/**
 * One member's card to swipe, by touch or mouse (dragged past SWIPE_DISTANCE to either side), with
 * their photo, name, age, place and how far (for a member with a place), and the fictional mark where it applies. The swipe game and the
 * tinderswipe lander both deal it.
 */
export function SwipeCard({
  card,
  onDecide,
  canLike = true,
  t: copyT,
}: {
  card: PublicProfile & { voice?: ProfileVoice | null; prompts?: PromptAnswer[] }
  onDecide: (like: boolean) => void
  canLike?: boolean
  /** The copy's language where it is not the page's (a lander's slug). */
  t?: TFunction
}) {
  const { t: pageT } = useTranslation()
  const t = copyT ?? pageT
  const regionName = useRegionName()
  const [dragX, setDragX] = useState(0)
  const drag = useRef<{ x: number; id: number } | null>(null)
  // A new card starts straight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the card changes
  useEffect(() => setDragX(0), [card.id])
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button, a')) return
    drag.current = { x: event.clientX, id: event.pointerId }
    event.currentTarget.setPointerCapture(event.pointerId)
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id === event.pointerId) setDragX(event.clientX - drag.current.x)
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id !== event.pointerId) return
    drag.current = null
    if (dragX > SWIPE_DISTANCE && canLike) onDecide(true)
    else if (dragX < -SWIPE_DISTANCE) onDecide(false)
    else setDragX(0)
  }
  return (
    <div
      className="card swipe-card shadow"
      style={{ transform: `translateX(${dragX}px) rotate(${dragX / 20}deg)` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDragX(0)}
      data-testid="swipe-card"
    >
      {card.main_image ? (
        <img
          src={card.main_image.filename}
          alt={t('members.photoOf', { name: card.name })}
          className="card-img-top swipe-photo"
          width={720}
          height={720}
          draggable={false}
          // The card is what the page is about: its photo comes first.
          fetchPriority="high"
        />
      ) : (
        <div className="card-img-top swipe-photo profile-photo-empty" aria-hidden="true">
          {card.name.slice(0, 1)}
        </div>
      )}
      <div className="card-body">
        <h2 className="h4 mb-0">
          <Link to={`/members/${card.id}`} className="text-reset">
            {card.name}, {card.age}
          </Link>{' '}
          {card.fictional ? <FictionalBadge /> : null}
          {card.verified ? <VerifiedBadge /> : null} {card.new_here ? <NewHereBadge /> : null}
        </h2>
        <p className="text-body-secondary mb-0">
          {card.city ?? regionName(card)}
          {card.distance ? (
            <>
              {' · '}
              <span data-testid="distance">{distanceText(t, card.distance)}</span>
            </>
          ) : null}
        </p>
        {card.voice ? (
          <div className="mt-2">
            <VoicePromptPlayer voice={card.voice} name={card.name} />
          </div>
        ) : null}
        {card.prompts && card.prompts.length > 0 ? (
          <div className="mt-2">
            <PromptAnswers answers={card.prompts} first />
          </div>
        ) : null}
      </div>
    </div>
  )
}

/**
 * The pass and like buttons under a card, and the hint of how to swipe (a touch screen has no arrow
 * keys: its hint speaks of swiping only).
 */
export function SwipeButtons({
  name,
  onDecide,
  passDisabled = false,
  likeDisabled = false,
  t: copyT,
}: {
  name: string
  onDecide: (like: boolean) => void
  passDisabled?: boolean
  likeDisabled?: boolean
  /** The copy's language where it is not the page's (a lander's slug). */
  t?: TFunction
}) {
  const { t: pageT } = useTranslation()
  const t = copyT ?? pageT
  return (
    <>
      <div className="d-flex justify-content-center gap-4 mt-3 swipe-buttons">
        <button
          type="button"
          className="btn btn-light btn-lg rounded-circle swipe-button border"
          onClick={() => onDecide(false)}
          disabled={passDisabled}
          aria-label={t('swipe.pass', { name })}
          title={t('swipe.keyPass')}
        >
          <span aria-hidden="true">✕</span>
        </button>
        <button
          type="button"
          className="btn btn-danger btn-lg rounded-circle swipe-button"
          onClick={() => onDecide(true)}
          disabled={likeDisabled}
          aria-label={t('swipe.like', { name })}
          title={t('swipe.keyLike')}
        >
          <span aria-hidden="true">♥</span>
        </button>
      </div>
      <p className="text-center small text-body-secondary mt-2 hint-keys">{t('swipe.help')}</p>
      <p className="text-center small text-body-secondary mt-2 hint-touch">{t('swipe.helpTouch')}</p>
    </>
  )
}
