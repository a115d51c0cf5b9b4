import type { PublicProfile } from '#common/schemas/members.ts'
import { useTranslation } from '../../i18n.ts'
import { type CountryName, type RegionName, useCountryName, useRegionName } from '../../lib/country-names.ts'
import { FictionalBadge, FictionalDisclosure } from './fictional-badge.tsx'
import { PresenceBadge } from './presence-badge.tsx'
import { VerifiedBadge } from './verified-badge.tsx'

/** Where a member lives as a page says it: city and region (else country), in a language. */
export function placeOf(
  profile: Pick<PublicProfile, 'city' | 'region' | 'region_code' | 'country'>,
  countryName: CountryName,
  regionName: RegionName,
): string {
  const area = regionName(profile) ?? countryName(profile.country)
  return [profile.city, area !== profile.city ? area : null].filter(Boolean).join(', ')
}

/** Photo, name, age and place of a member, with the fictional disclosure where it applies. */
export function ProfileSummary({
  profile,
  size = 'large',
}: {
  profile: PublicProfile
  size?: 'large' | 'small'
}) {
  const { t } = useTranslation()
  const place = placeOf(profile, useCountryName(), useRegionName())
  const image = profile.main_image
  const px = size === 'large' ? 320 : 56
  return (
    <div className={`profile-summary profile-summary-${size}`}>
      {image ? (
        <img
          src={size === 'large' ? image.filename : image.thumb_filename}
          alt={t('members.photoOf', { name: profile.name })}
          width={px}
          height={px}
          className="profile-photo"
        />
      ) : (
        <div
          className="profile-photo profile-photo-empty"
          style={{ width: px, height: px }}
          aria-hidden="true"
        >
          {profile.name.slice(0, 1)}
        </div>
      )}
      <div className="profile-summary-text">
        <p className={size === 'large' ? 'h3 mb-1' : 'fw-semibold mb-0'}>
          {profile.name}, {profile.age} {profile.fictional ? <FictionalBadge /> : null}
          {profile.verified ? <VerifiedBadge /> : null}
        </p>
        <p className="text-body-secondary mb-0">{place}</p>
        <PresenceBadge presence={profile.presence} />
        {profile.fictional ? (
          <FictionalDisclosure
            className={`small text-body-secondary mb-0 ${size === 'large' ? 'mt-2' : 'mt-1'}`}
          />
        ) : null}
      </div>
    </div>
  )
}
