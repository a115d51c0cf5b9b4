import { PageTitle } from '../../components/page-title.tsx'
import { SignupForm } from '../../features/accounts/signup-form.tsx'
import { ProfileSummary } from '../../features/members/profile-summary.tsx'
import { useTranslation } from '../../i18n.ts'
import { redirectMember } from '../accounts/guards.server.ts'
import type { Route } from './+types/member-signup'
import { loadPublicProfile } from './public-profile.server.ts'

export async function loader({ context, params }: Route.LoaderArgs) {
  redirectMember(context)
  return loadPublicProfile(context, params.id)
}

/** Sign up to meet one member (from their landing page): who is waiting, and the form. */
export default function MemberSignup({ loaderData: { profile } }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <div className="member-landing min-vh-100">
      <PageTitle
        title={t('memberLanding.cta', { name: profile.name })}
        image={profile.main_image?.filename}
      />
      <div className="container py-4 narrow-page">
        <div className="card card-body shadow-sm mb-3">
          <ProfileSummary profile={profile} size="small" />
        </div>
        <div className="card card-body shadow-sm">
          <h1 className="h4">{t('memberLanding.cta', { name: profile.name })}</h1>
          <SignupForm />
        </div>
      </div>
    </div>
  )
}
