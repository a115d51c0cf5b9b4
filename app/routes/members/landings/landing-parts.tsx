import type { PublicProfile } from '#common/schemas/members.ts'
import type { TFunction } from '../../../i18n.ts'
import { useRootData } from '../../../lib/use-root-data.ts'

/** What each design of a member's landing page is given. */
export interface LandingProps {
  profile: PublicProfile
  /** City and region (or country), in the copy's language. */
  place: string
  /** The sign-up page of this member, with the tracking of the address. */
  signupTo: string
  /** The copy's language (the slug's, else the visitor's). */
  t: TFunction
}

/** The small print under every design: the fictional disclosure where it applies, adults only. */
export function LandingFootnotes({ profile, t }: Pick<LandingProps, 'profile' | 't'>) {
  const { settings } = useRootData()
  return (
    <>
      {profile.fictional ? (
        <p className="small text-body-secondary mt-2 mb-0">{settings.fictional_warning}</p>
      ) : null}
      <p className="small text-body-secondary mt-2 mb-0 text-center">{t('home.adultsOnly')}</p>
    </>
  )
}
