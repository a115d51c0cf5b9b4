import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { PublicProfile } from '#common/schemas/members.ts'
import { useTranslation } from '../../i18n.ts'
import { useRegionName } from '../../lib/country-names.ts'
import { HydrateLater } from '../../lib/hydration.ts'
import { LikeButton } from '../likes/index.ts'
import { CardMenu } from './card-menu.tsx'
import { distanceText } from './distance.ts'
import { FictionalBadge } from './fictional-badge.tsx'
import { NewHereBadge } from './new-here-badge.tsx'
import { PresenceBadge } from './presence-badge.tsx'
import { VerifiedBadge } from './verified-badge.tsx'

/** A member in a result list: photo, name, age and city; hydrated after the page (a task per card). */
export function MemberCard(props: Parameters<typeof Card>[0]) {
  return (
    <HydrateLater>
      <Card {...props} />
    </HydrateLater>
  )
}

function Card({
  profile,
  to = `/members/${profile.id}`,
  isNew = false,
  note,
}: {
  profile: PublicProfile
  /** Where the card leads: the member page, or /likes/m/{id} from the likes lists. */
  to?: string
  /** A like not seen yet. */
  isNew?: boolean
  /** A line about this member for this list, inside the card (the match finder's interests in common). */
  note?: ReactNode
}) {
  const { t } = useTranslation()
  const regionName = useRegionName()
  return (
    <article className="member-card card h-100 border-0 shadow-sm position-relative">
      <div className="member-card-like">
        <LikeButton profile={profile} variant="icon" />
      </div>
      <CardMenu profile={profile} />
      {profile.main_image ? (
        <img
          src={profile.main_image.thumb_filename}
          alt={t('members.photoOf', { name: profile.name })}
          width={240}
          height={240}
          loading="lazy"
          className="card-img-top"
        />
      ) : (
        <div className="card-img-top profile-photo-empty" aria-hidden="true">
          {profile.name.slice(0, 1)}
        </div>
      )}
      <div className="card-body p-2">
        <h2 className="h6 mb-0 text-truncate">
          <Link to={to} className="stretched-link text-reset text-decoration-none">
            {profile.name}, {profile.age}
          </Link>{' '}
          {profile.fictional ? <FictionalBadge /> : null}
          {profile.verified ? <VerifiedBadge /> : null}
          {isNew ? <span className="badge text-bg-danger ms-1">{t('likes.new')}</span> : null}
        </h2>
        <p className="small text-body-secondary mb-0 text-truncate">
          {profile.city ?? regionName(profile)} {profile.new_here ? <NewHereBadge /> : null}
        </p>
        {profile.distance ? (
          <p className="small text-body-secondary mb-0 text-truncate" data-testid="distance">
            {distanceText(t, profile.distance)}
          </p>
        ) : null}
        <PresenceBadge presence={profile.presence} className="d-block text-truncate" />
        {profile.verified_only ? (
          <p className="small text-body-secondary mb-0 text-truncate" data-testid="verified-only">
            {t('members.verifiedOnly')}
          </p>
        ) : null}
        {note ? <p className="small text-success mb-0 text-truncate">{note}</p> : null}
      </div>
    </article>
  )
}
