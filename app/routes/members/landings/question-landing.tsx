import { useState } from 'react'
import { Link } from 'react-router'
import { SignupLink } from '../../../features/accounts/index.ts'
import { FictionalBadge, PresenceBadge } from '../../../features/members/index.ts'
import { LandingFootnotes, type LandingProps } from './landing-parts.tsx'

/**
 * /members/{id}/landing3: "Do you like Eva?", a card to answer as the swiping apps ask: yes leads to
 * sign-up, no says there are others and leads to the home page's members.
 */
export function QuestionLanding({ profile, place, signupTo, t }: LandingProps) {
  const [declined, setDeclined] = useState(false)
  const image = profile.main_image
  return (
    <div className="container py-4 py-md-5">
      <div className="question-landing mx-auto">
        <h1 className="h3 text-center mb-3">{t('memberLanding.title3', { name: profile.name })}</h1>
        <article className="card border-0 shadow question-landing-card">
          {image ? (
            <img
              src={image.filename}
              alt={t('members.photoOf', { name: profile.name })}
              width={720}
              height={720}
              fetchPriority="high"
              className="card-img-top"
            />
          ) : null}
          <div className="card-body">
            <p className="h5 mb-0">
              {profile.name}, {profile.age} {profile.fictional ? <FictionalBadge /> : null}
            </p>
            <p className="text-body-secondary mb-0">{place}</p>
            <PresenceBadge presence={profile.presence} />
          </div>
        </article>
        {declined ? (
          <p className="alert alert-light text-center mt-3" role="status">
            {t('memberLanding.declined')} <Link to="/">{t('memberLanding.seeOthers')}</Link>
          </p>
        ) : (
          <div className="d-flex justify-content-center gap-4 mt-3">
            <button
              type="button"
              className="btn btn-light border rounded-circle question-answer"
              onClick={() => setDeclined(true)}
              aria-label={t('memberLanding.no', { name: profile.name })}
            >
              <span aria-hidden="true">✕</span>
            </button>
            <SignupLink
              to={signupTo}
              className="btn btn-primary rounded-circle question-answer"
              aria-label={t('memberLanding.yes', { name: profile.name })}
            >
              <span aria-hidden="true">♥</span>
            </SignupLink>
          </div>
        )}
        <LandingFootnotes profile={profile} t={t} />
      </div>
    </div>
  )
}
