import { Link } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { FictionalListNote } from '../../features/members/index.ts'
import { MemberCard } from '../../features/members/member-card.tsx'
import { useTranslation } from '../../i18n.ts'
import type { Route } from './+types/signup-matches'
import { loadSignupMatches } from './complete-signup.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadSignupMatches(context)
}

/** Members suggested to a new member right after signing up. */
export default function SignupMatches({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <div className="container py-4">
      <PageTitle title={t('signupMatches.title')} />
      <h1 className="h3">{t('signupMatches.title')}</h1>
      <p className="text-body-secondary">{t('signupMatches.intro')}</p>
      {loaderData.profiles.length === 0 ? (
        <p className="alert alert-light">{t('signupMatches.empty')}</p>
      ) : (
        <ul className="member-grid list-unstyled" aria-label={t('signupMatches.title')}>
          {loaderData.profiles.map((profile) => (
            <li key={profile.id}>
              <MemberCard profile={profile} />
            </li>
          ))}
        </ul>
      )}
      <FictionalListNote profiles={loaderData.profiles} />
      <Link to="/members" className="btn btn-primary mt-4">
        {t('signupMatches.more')}
      </Link>
    </div>
  )
}
