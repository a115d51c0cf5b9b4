import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { api } from '#common/api.ts'
import type { PublicProfile } from '#common/schemas/members.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { useLikesStore } from '../../features/likes/index.ts'
import { FictionalBadge } from '../../features/members/fictional-badge.tsx'
import { ApiError, callApi } from '../../lib/api-client.ts'
import { apiErrorMessage } from '../../lib/form-errors.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import type { Route } from './+types/swipe-game'
import { loadSwipeGame } from './swipe.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadSwipeGame(context)
}

/** How far a card must be dragged to count as a like (right) or a pass (left). */
const SWIPE_DISTANCE = 100

/** The time until new likes, as hours and minutes. */
function untilText(resetsAt: string, now: number): { hours: number; minutes: number } {
  const minutes = Math.max(1, Math.ceil((new Date(resetsAt).getTime() - now) / 60_000))
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 }
}

/** /swipe-game: one card at a time; like or pass by button, arrow keys or a swipe; 4 likes a day. */
export default function SwipeGame({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const store = useLikesStore()
  const [deck, setDeck] = useState<PublicProfile[]>(loaderData.profiles)
  const [state, setState] = useState({ likesLeft: loaderData.likes_left, resetsAt: loaderData.resets_at })
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [dragX, setDragX] = useState(0)
  const drag = useRef<{ x: number; id: number } | null>(null)
  const card = deck[0] ?? null
  const outOfLikes = state.likesLeft <= 0

  const refill = useCallback(async () => {
    const next = await callApi(api.swipeDeck)
    setDeck(next.profiles)
    setState({ likesLeft: next.likes_left, resetsAt: next.resets_at })
  }, [])

  const decide = useCallback(
    async (like: boolean) => {
      if (!card || busy || (like && outOfLikes)) return
      setBusy(true)
      setError(null)
      try {
        const result = await callApi(api.swipe, { body: { profile: card.id, like } })
        setState({ likesLeft: result.likes_left, resetsAt: result.resets_at })
        if (like) store.liked(card, true, result.match)
        setSaid(like ? t('swipe.youLiked', { name: card.name }) : t('swipe.youPassed', { name: card.name }))
        const rest = deck.slice(1)
        setDeck(rest)
        if (rest.length === 0) await refill()
      } catch (failure) {
        if (failure instanceof ApiError && failure.code === 'swipe.limit_reached') {
          setState((s) => ({ ...s, likesLeft: 0 }))
        } else {
          setError(apiErrorMessage(failure, t, t('likes.failed')))
        }
      } finally {
        setBusy(false)
        setDragX(0)
      }
    },
    [card, busy, outOfLikes, store, t, deck, refill],
  )

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null
      if (target?.closest('input, textarea, select, [contenteditable="true"], .modal')) return
      if (event.key === 'ArrowRight') void decide(true)
      if (event.key === 'ArrowLeft') void decide(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [decide])

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
    if (dragX > SWIPE_DISTANCE && !outOfLikes) void decide(true)
    else if (dragX < -SWIPE_DISTANCE) void decide(false)
    else setDragX(0)
  }

  const until = untilText(state.resetsAt, Date.now())
  return (
    <div className="container py-4 swipe-game">
      <PageTitle title={t('swipe.title')} />
      <h1 className="h3 text-center">{t('swipe.title')}</h1>
      <p className="text-center text-body-secondary" aria-live="polite">
        {t('swipe.likesLeft', { count: state.likesLeft })}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
      {outOfLikes ? (
        <section className="alert alert-info text-center mx-auto swipe-limit" role="status">
          <h2 className="h5">{t('swipe.limitTitle', { count: loaderData.likes_per_day })}</h2>
          <p>{t('swipe.limitText', { hours: until.hours, minutes: until.minutes })}</p>
          <div className="d-flex flex-wrap gap-2 justify-content-center">
            <Link to="/likes" className="btn btn-primary">
              {t('swipe.seeLikes')}
            </Link>
            <Link to="/match-finder" className="btn btn-outline-primary">
              {t('matchFinder.title')}
            </Link>
            <Link to="/members" className="btn btn-outline-primary">
              {t('likes.searchMembers')}
            </Link>
          </div>
        </section>
      ) : null}
      {card ? (
        <div className="swipe-stage mx-auto">
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
                draggable={false}
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
              </h2>
              <p className="text-body-secondary mb-0">{card.city ?? card.region}</p>
            </div>
          </div>
          <div className="d-flex justify-content-center gap-4 mt-3">
            <button
              type="button"
              className="btn btn-light btn-lg rounded-circle swipe-button"
              onClick={() => void decide(false)}
              disabled={!hydrated || busy}
              aria-label={t('swipe.pass', { name: card.name })}
              title={t('swipe.keyPass')}
            >
              <span aria-hidden="true">✕</span>
            </button>
            <button
              type="button"
              className="btn btn-danger btn-lg rounded-circle swipe-button"
              onClick={() => void decide(true)}
              disabled={!hydrated || busy || outOfLikes}
              aria-label={t('swipe.like', { name: card.name })}
              title={t('swipe.keyLike')}
            >
              <span aria-hidden="true">♥</span>
            </button>
          </div>
          {/* A touch screen has no arrow keys: its hint speaks of swiping only. */}
          <p className="text-center small text-body-secondary mt-2 hint-keys">{t('swipe.help')}</p>
          <p className="text-center small text-body-secondary mt-2 hint-touch">{t('swipe.helpTouch')}</p>
          {error ? (
            <p className="text-danger text-center" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="text-center py-5">
          <p className="lead">{t('swipe.empty')}</p>
          <Link to="/members" className="btn btn-primary">
            {t('likes.searchMembers')}
          </Link>
        </div>
      )}
    </div>
  )
}
