import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { MemberCard } from '../../features/members/member-card.tsx'
import type { Route } from './+types/search'
import { loadMemberSearch } from './search.server.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMemberSearch(context, request)
}

/** Member search: the most recently active members, page by page. */
export default function MemberSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { profiles, page, hasNext } = loaderData
  return (
    <div className="container py-4">
      <PageTitle title={t('membersPage.title')} />
      <h1 className="h3">{t('membersPage.title')}</h1>
      <p className="text-body-secondary">{t('membersPage.intro')}</p>
      {profiles.length === 0 ? (
        <p className="alert alert-light">{t('membersPage.empty')}</p>
      ) : (
        <ul className="member-grid list-unstyled" aria-label={t('membersPage.results')}>
          {profiles.map((profile) => (
            <li key={profile.id}>
              <MemberCard profile={profile} />
            </li>
          ))}
        </ul>
      )}
      <nav
        className="d-flex justify-content-between align-items-center mt-4"
        aria-label={t('membersPage.page', { page })}
      >
        {page > 1 ? (
          <Link to={`?page=${page - 1}`} className="btn btn-outline-primary">
            {t('membersPage.previous')}
          </Link>
        ) : (
          <span />
        )}
        <span className="text-body-secondary">{t('membersPage.page', { page })}</span>
        {hasNext ? (
          <Link to={`?page=${page + 1}`} className="btn btn-outline-primary">
            {t('membersPage.next')}
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </div>
  )
}
