import { SignupLink } from '../../../features/accounts/index.ts'
import { FictionalBadge, PresenceBadge } from '../../../features/members/index.ts'
import { useRootData } from '../../../lib/use-root-data.ts'
import { LandingFootnotes, type LandingProps } from './landing-parts.tsx'

/**
 * /members/{id}/landing: the member's portrait, full height on a phone, their name, age and place
 * over it, and one call to sign up (the modal on a desktop, the page on a phone).
 */
export function PortraitLanding({ profile, place, signupTo, t }: LandingProps) {
  const { settings } = useRootData()
  const image = profile.main_image
  return (
    <div className="portrait-landing">
      <figure className="portrait-landing-photo mb-0">
        {image ? (
          <img
            src={image.filename}
            alt={t('members.photoOf', { name: profile.name })}
            width={720}
            height={720}
            fetchPriority="high"
          />
        ) : (
          <div className="profile-photo-empty h-100" aria-hidden="true">
            {profile.name.slice(0, 1)}
          </div>
        )}
        <figcaption className="portrait-landing-caption">
          <p className="small text-uppercase fw-semibold mb-1 opacity-75">{settings.name}</p>
          <h1 className="display-6 fw-bold mb-0">{t('memberLanding.title1', { name: profile.name })}</h1>
          <p className="fs-5 mb-1">
            {profile.name}, {profile.age} {profile.fictional ? <FictionalBadge /> : null}
            {place ? <span className="opacity-75"> · {place}</span> : null}
          </p>
          <PresenceBadge presence={profile.presence} className="text-white" />
        </figcaption>
      </figure>
      <div className="portrait-landing-action p-3 p-md-4">
        <SignupLink to={signupTo} className="btn btn-primary btn-lg w-100 fw-semibold">
          {t('memberLanding.cta', { name: profile.name })}
        </SignupLink>
        <LandingFootnotes profile={profile} t={t} />
      </div>
    </div>
  )
}
