import { useLocation, useParams } from 'react-router'
import type { Locale } from '#common/constants.ts'
import { slugLocale } from '#common/landers.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { placeOf } from '../../features/members/index.ts'
import { useLoadedLocale, useTranslation } from '../../i18n.ts'
import { useCountryName, useRegionName } from '../../lib/country-names.ts'
import type { Route } from './+types/member-landing'
import { HelloLanding } from './landings/hello-landing.tsx'
import { PortraitLanding } from './landings/portrait-landing.tsx'
import { QuestionLanding } from './landings/question-landing.tsx'
import { loadPublicProfile } from './public-profile.server.ts'

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadPublicProfile(context, params.id)
}

/**
 * A member's landing pages (the Empty layout), three designs around one member: their portrait
 * (/landing), a conversation to open (/landing2) and a question to answer (/landing3). The slug
 * picks the copy's language (eng, fra) or is a campaign's own word; the tracking in the address
 * goes on to sign-up. None claims what the data does not back (no "Eva liked your profile").
 */
export default function MemberLanding({ loaderData: { profile } }: Route.ComponentProps) {
  const { i18n } = useTranslation()
  const { slug } = useParams()
  const { search, pathname } = useLocation()
  const copyLocale = useLoadedLocale(slugLocale(slug) ?? (i18n.language as Locale))
  const t = i18n.getFixedT(copyLocale)
  const countryName = useCountryName(copyLocale)
  const regionName = useRegionName(copyLocale)
  const props = {
    profile,
    place: placeOf(profile, countryName, regionName),
    signupTo: `/members/${profile.id}/signup${search}`,
    t,
  }
  const variant = pathname.includes('/landing3') ? 3 : pathname.includes('/landing2') ? 2 : 1
  return (
    <div className={`member-landing member-landing-${variant} min-vh-100`} lang={copyLocale}>
      <PageTitle title={profile.name} image={profile.main_image?.filename} />
      {variant === 1 ? <PortraitLanding {...props} /> : null}
      {variant === 2 ? <HelloLanding {...props} /> : null}
      {variant === 3 ? <QuestionLanding {...props} /> : null}
    </div>
  )
}
