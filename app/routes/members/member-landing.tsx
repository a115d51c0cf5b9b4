import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { ProfileSummary } from '../../features/members/profile-summary.tsx'
import { useRootData } from '../../lib/use-root-data.ts'
import type { Route } from './+types/member-landing'
import { loadPublicProfile } from './public-profile.server.ts'

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadPublicProfile(context, params.id)
}

/**
 * A member's landing page (the Empty layout): the member, and one call to sign up; its headings claim
 * nothing of the member the data does not back (no "liked your profile" to a visitor).
 */
export default function MemberLanding({ loaderData: { profile } }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { settings } = useRootData()
  const { search, pathname } = useLocation()
  const variant = pathname.includes('/landing3') ? 3 : pathname.includes('/landing2') ? 2 : 1
  return (
    <div className={`member-landing member-landing-${variant} min-vh-100 d-flex align-items-center`}>
      <PageTitle title={profile.name} image={profile.main_image?.filename} />
      <div className="container py-5">
        <div className="card shadow border-0 mx-auto member-landing-card">
          <div className="card-body p-4 text-center">
            <p className="text-uppercase small fw-semibold text-primary mb-3">{settings.name}</p>
            <h1 className="h4 mb-4">{t(`memberLanding.title${variant}`, { name: profile.name })}</h1>
            <ProfileSummary profile={profile} />
            <Link to={`/members/${profile.id}/signup${search}`} className="btn btn-primary btn-lg w-100 mt-4">
              {t('memberLanding.cta', { name: profile.name })}
            </Link>
            <p className="small text-body-secondary mt-3 mb-0">{t('home.adultsOnly')}</p>
          </div>
        </div>
      </div>
    </div>
  )
}
