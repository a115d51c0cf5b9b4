import { Link } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { GiftButton } from '../../features/chat/gift-button.tsx'
import { ProfileOpeners } from '../../features/chat/profile-openers.tsx'
import { LikeButton } from '../../features/likes/like-button.tsx'
import { BlockButton } from '../../features/members/block-button.tsx'
import { FictionalBadge, FictionalDisclosure } from '../../features/members/fictional-badge.tsx'
import { NewHereBadge } from '../../features/members/new-here-badge.tsx'
import { PhotoGallery } from '../../features/members/photo-gallery.tsx'
import { PresenceBadge } from '../../features/members/presence-badge.tsx'
import { ReportButton } from '../../features/members/report-sheet.tsx'
import { VerifiedBadge } from '../../features/members/verified-badge.tsx'
import { PromptAnswers } from '../../features/profile-prompts/index.ts'
import { VoicePromptPlayer } from '../../features/voice-prompt/index.ts'
import { useTranslation } from '../../i18n.ts'
import { useCountryName } from '../../lib/country-names.ts'
import { useMember } from '../../lib/member.tsx'
import type { Route } from './+types/member'
import { loadMember } from './member.server.ts'

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadMember(context, params.id)
}

/** A member's page: photos (gated), traits, about, interests, and what one can do. */
export default function Member({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { profile, loggedIn } = loaderData
  const own = useMember().user?.profile.id === profile.id
  const country = useCountryName()(profile.country)
  const area = profile.region ?? country
  const place = [profile.city, area !== profile.city ? area : null].filter(Boolean).join(', ')
  return (
    <div className="container py-4">
      <PageTitle title={profile.name} image={profile.main_image?.filename} />
      <div className="row g-4">
        <div className="col-md-6 col-lg-5">
          <PhotoGallery profile={profile} />
        </div>
        <div className="col-md-6 col-lg-7">
          <h1 className="h2 mb-1">
            {profile.name}, {profile.age} {profile.fictional ? <FictionalBadge /> : null}
            {profile.verified ? <VerifiedBadge /> : null} {profile.new_here ? <NewHereBadge /> : null}
          </h1>
          <p className="text-body-secondary mb-1">{place}</p>
          <PresenceBadge
            presence={profile.presence}
            className={`d-block ${profile.replies_within_day ? 'mb-1' : 'mb-3'}`}
          />
          {profile.replies_within_day ? (
            <p className="small text-success-emphasis mb-3" data-testid="replies-within-day">
              {t('memberPage.repliesWithinDay')}
            </p>
          ) : null}
          {profile.fictional ? <FictionalDisclosure className="small alert alert-light" /> : null}
          {profile.verified_only ? (
            // Before anyone pays to write (issue 60, point 2): who this member takes new conversations from.
            <p className="small alert alert-light" data-testid="verified-only">
              {t('memberPage.verifiedOnly', { name: profile.name })}{' '}
              {loggedIn ? <Link to="/verify">{t('memberPage.verifyToWrite')}</Link> : null}
            </p>
          ) : null}
          {profile.blocked_by_me ? (
            <p className="alert alert-secondary" role="status">
              {t('memberPage.blockedNote', { name: profile.name })}
            </p>
          ) : null}
          <div className="d-flex flex-wrap gap-2 mb-4">
            {profile.blocked_by_me ? null : (
              <>
                <Link to={`/members/${profile.id}/chat`} className="btn btn-primary">
                  {t('memberPage.chat')}
                </Link>
                <LikeButton profile={profile} />
                <GiftButton profile={profile} />
              </>
            )}
            {loggedIn ? <BlockButton profileId={profile.id} blocked={profile.blocked_by_me} /> : null}
            {loggedIn ? (
              <ReportButton profile={profile} blocked={profile.blocked_by_me} />
            ) : (
              <Link to={`/complaints?profile=${profile.id}`} className="btn btn-link text-body-secondary">
                {t('memberPage.report')}
              </Link>
            )}
          </div>
          {profile.voice ? (
            <div className="mb-4">
              <VoicePromptPlayer voice={profile.voice} name={profile.name} />
            </div>
          ) : null}
          {profile.prompts.length > 0 ? (
            <section className="mb-4" aria-label={t('profilePrompts.title')}>
              <PromptAnswers answers={profile.prompts} />
            </section>
          ) : null}
          {profile.about ? (
            <section className="mb-4" aria-labelledby="about-title">
              <h2 id="about-title" className="h5">
                {t('memberPage.about')}
              </h2>
              <p className="about-text">{profile.about}</p>
            </section>
          ) : null}
          {profile.traits.length > 0 ? (
            <section className="mb-4" aria-labelledby="details-title">
              <h2 id="details-title" className="h5">
                {t('memberPage.details')}
              </h2>
              <dl className="row mb-0">
                {profile.traits.map((trait) => (
                  <div key={trait.field} className="col-6 col-lg-4 mb-2">
                    <dt className="small text-body-secondary fw-normal">
                      {t(`traits.labels.${trait.field}`)}
                    </dt>
                    <dd className="mb-0">
                      {t(`traits.${trait.field}.${trait.value}`, { defaultValue: trait.value })}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          {profile.interests.length > 0 ? (
            <section aria-labelledby="interests-title">
              <h2 id="interests-title" className="h5">
                {t('memberPage.interests')}
              </h2>
              <ul className="list-unstyled d-flex flex-wrap gap-2">
                {profile.interests.map((name) => (
                  <li key={name} className="badge rounded-pill text-bg-light border fw-normal fs-6">
                    {name}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {profile.blocked_by_me || own ? null : <ProfileOpeners profile={profile} />}
        </div>
      </div>
    </div>
  )
}
