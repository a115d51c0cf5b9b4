import { useTranslation } from 'react-i18next'
import { Link, useNavigation, useSearchParams } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { MemberCard } from '../../features/members/member-card.tsx'
import { SearchFilters } from '../../features/members/search-filters.tsx'
import type { Route } from './+types/search'
import { loadMemberSearch } from './search.server.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMemberSearch(context, request)
}

/** Member search: filters, the matching members most recently active first, page by page. */
export default function MemberSearch({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const { profiles, page, pages, total, similar } = loaderData
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params)
    next.set('page', String(n))
    return `?${next.toString()}`
  }
  const count = new Intl.NumberFormat(i18n.language).format(total)
  return (
    <div className="container py-4">
      <PageTitle title={t('membersPage.title')} />
      <h1 className="h3">{t('membersPage.title')}</h1>
      <SearchFilters
        query={loaderData.query}
        countries={loaderData.countries}
        searchFields={loaderData.searchFields}
      />
      {loaderData.invalid ? (
        <p className="alert alert-warning" role="alert">
          {t('search.invalid')}
        </p>
      ) : null}
      <p className="text-body-secondary" role="status" aria-busy={navigation.state === 'loading'}>
        {t('search.total', { count: total, formatted: count })}
      </p>
      {profiles.length === 0 ? (
        <p className="alert alert-light">{t('search.none')}</p>
      ) : (
        <ul className="member-grid list-unstyled" aria-label={t('membersPage.results')}>
          {profiles.map((profile) => (
            <li key={profile.id}>
              <MemberCard profile={profile} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav
          className="d-flex justify-content-between align-items-center mt-4"
          aria-label={t('search.pagination')}
        >
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className="btn btn-outline-primary" rel="prev">
              {t('membersPage.previous')}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-body-secondary">{t('search.pageOf', { page, pages })}</span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} className="btn btn-outline-primary" rel="next">
              {t('membersPage.next')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      {similar.profiles.length > 0 ? (
        <section className="mt-5" aria-labelledby="similar-title">
          <h2 id="similar-title" className="h5">
            {t('search.similar', { count: similar.total })}
          </h2>
          <ul className="member-grid list-unstyled">
            {similar.profiles.map((profile) => (
              <li key={profile.id}>
                <MemberCard profile={profile} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
