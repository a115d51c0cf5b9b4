import { useState } from 'react'
import type { PublicProfile } from '#common/schemas/members.ts'
import { SignupLink } from '../../features/accounts/index.ts'
import { SwipeButtons, SwipeCard, useSwipeKeys } from '../../features/likes/index.ts'
import type { TFunction } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'

/** Swipes a visitor makes before the deck asks them to sign up. */
const SWIPES_BEFORE_SIGNUP = 3

/**
 * The tinderswipe lander: a deck of real members of the visitor's country to swipe by touch, mouse
 * or arrow keys; after a few swipes (or the last card), the sign-up. A visitor's swipes are not
 * kept: the page says that likes count once they have a profile.
 */
export function SwipeLander({
  members,
  signupTo,
  t,
}: {
  members: PublicProfile[]
  signupTo: string
  t: TFunction
}) {
  const { settings } = useRootData()
  const [swiped, setSwiped] = useState(0)
  const [said, setSaid] = useState('')
  const card = swiped < Math.min(SWIPES_BEFORE_SIGNUP, members.length) ? members[swiped] : null
  const decide = (like: boolean) => {
    if (!card) return
    setSaid(
      like ? t('landers.tinderswipe.liked', { name: card.name }) : t('swipe.youPassed', { name: card.name }),
    )
    setSwiped((n) => n + 1)
  }
  useSwipeKeys(decide)
  const fictional = members.some((m) => m.fictional)
  return (
    <section className="swipe-lander py-4 py-md-5">
      <div className="container">
        <div className="row align-items-center g-4">
          <div className="col-md-6 text-center text-md-start">
            <h1 className="display-6 fw-bold">{t('landers.tinderswipe.title')}</h1>
            <p className="lead">{t('landers.tinderswipe.text', { name: settings.name })}</p>
            <p className="text-body-secondary d-none d-md-block">{t('landers.tinderswipe.how')}</p>
          </div>
          <div className="col-md-6">
            <p className="visually-hidden" aria-live="polite">
              {said}
            </p>
            {card ? (
              <div className="swipe-stage mx-auto">
                <SwipeCard key={card.id} card={card} onDecide={decide} t={t} />
                <SwipeButtons name={card.name} onDecide={decide} t={t} />
              </div>
            ) : (
              <div
                className="card shadow border-0 mx-auto swipe-lander-end text-center p-4"
                data-testid="swipe-lander-end"
              >
                <p className="h4">{t('landers.tinderswipe.endTitle')}</p>
                <p className="text-body-secondary">{t('landers.tinderswipe.endText')}</p>
                <SignupLink to={signupTo} className="btn btn-primary btn-lg fw-semibold">
                  {t('landers.cta')}
                </SignupLink>
              </div>
            )}
            {fictional ? (
              <p className="small text-body-secondary mt-3 mb-0 text-center">{settings.fictional_warning}</p>
            ) : null}
            <p className="small text-body-secondary mt-2 mb-0 text-center">{t('home.adultsOnly')}</p>
          </div>
        </div>
      </div>
    </section>
  )
}
