import { useCallback, useRef, useState } from 'react'
import { Link } from 'react-router'
import { api } from '#common/api.ts'
import type { PublicProfile } from '#common/schemas/members.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { YourTurnBanner } from '../../features/chat/your-turn-banner.tsx'
import {
  SwipeButtons,
  SwipeCard,
  useFitSwipe,
  useLikesStore,
  useSwipeKeys,
} from '../../features/likes/index.ts'
import { FictionalListNote } from '../../features/members/index.ts'
import { useTranslation } from '../../i18n.ts'
import { ApiError, callApi } from '../../lib/api-client.ts'
import { apiErrorMessage } from '../../lib/form-errors.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import type { Route } from './+types/swipe-game'
import { loadSwipeGame } from './swipe.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadSwipeGame(context)
}

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
      }
    },
    [card, busy, outOfLikes, store, t, deck, refill],
  )

  useSwipeKeys((like) => void decide(like))
  const stage = useRef<HTMLDivElement>(null)
  useFitSwipe(stage, card?.id ?? null)

  const until = untilText(state.resetsAt, Date.now())
  return (
    <div className="container py-2 py-md-4 swipe-game">
      <PageTitle title={t('swipe.title')} />
      <h1 className="h3 text-center mb-1 mb-md-2">{t('swipe.title')}</h1>
      <YourTurnBanner />
      <p className="text-center text-body-secondary mb-2 mb-md-3" aria-live="polite">
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
        <div className="swipe-stage mx-auto" ref={stage}>
          <SwipeCard card={card} onDecide={(like) => void decide(like)} canLike={!outOfLikes} />
          <FictionalListNote profiles={[card]} />
          <SwipeButtons
            name={card.name}
            onDecide={(like) => void decide(like)}
            passDisabled={!hydrated || busy}
            likeDisabled={!hydrated || busy || outOfLikes}
          />
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
