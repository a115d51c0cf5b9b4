import { Link, useNavigation } from 'react-router'
import type { MemberSearchQuery } from '#common/schemas/members.ts'
import { paramsInForce, SEARCH_FILTERS } from '#common/search-filters.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { YourTurnBanner } from '../../features/chat/your-turn-banner.tsx'
import { FictionalListNote } from '../../features/members/index.ts'
import { MemberCard } from '../../features/members/member-card.tsx'
import { SearchFilters } from '../../features/members/search-filters.tsx'
import { useTranslation } from '../../i18n.ts'
import { HydrateLater } from '../../lib/hydration.ts'
import type { Route } from './+types/search'
import { loadMemberSearch } from './search.server.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMemberSearch(context, request)
}

/** The address of a search with these filters (empty ones left out). */
function searchLink(query: Partial<MemberSearchQuery>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const one of value) params.append(key, String(one))
    else if (value !== undefined && value !== '' && !(key === 'page' && value === 1))
      params.set(key, String(value))
  }
  // An empty form is a choice too (every member): it keeps the address from meaning "my preferences".
  return params.size > 0 ? `?${params.toString()}` : '?gender='
}

/** No one matches: each filter in force, offered as a way to widen the search. */
function WidenSearch({ query }: { query: MemberSearchQuery }) {
  const { t } = useTranslation()
  const { page: _page, ...filters } = query
  // Each filter in force that can be lifted, in the table's order (common/search-filters.ts).
  const ways = Object.values(SEARCH_FILTERS).flatMap((filter) =>
    'widen' in filter && filter.params.some((param) => paramsInForce(filters).includes(param))
      ? [
          {
            key: filter.widen.label,
            to: searchLink({
              ...filters,
              ...Object.fromEntries(filter.widen.lifts.map((p) => [p, undefined])),
            }),
          },
        ]
      : [],
  )
  if (ways.length === 0) return <p className="alert alert-light">{t('search.none')}</p>
  return (
    <div className="alert alert-light widen-search" role="status">
      <p className="mb-2">{t('preferences.widen')}</p>
      <ul className="list-inline mb-0">
        {ways.map((w) => (
          <li key={w.key} className="list-inline-item mb-1">
            <Link to={w.to} className="btn btn-outline-primary btn-sm">
              {t(`preferences.${w.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Member search: filters, the matching members most recently active first, page by page. */
export default function MemberSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { profiles, page, pages, total, totalText: count, similar, query, preferences } = loaderData
  // From the filters in force (the preferences on a first look), so that page 2 keeps them.
  const pageLink = (n: number) => searchLink({ ...query, page: n })
  return (
    <div className="container py-3 py-md-4">
      <PageTitle title={t('membersPage.title')} />
      <h1 className="h3">{t('membersPage.title')}</h1>
      <YourTurnBanner />
      {/* Folded on a phone, where the results come first: hydrated after them. */}
      <HydrateLater>
        <SearchFilters
          key={searchLink(query)}
          query={loaderData.query}
          countries={loaderData.countries}
          searchFields={loaderData.searchFields}
          nearby={loaderData.order === 'distance'}
        />
      </HydrateLater>
      {preferences ? (
        <p className="small text-body-secondary preferences-note">
          {preferences.genders.length === 1
            ? t('preferences.searchNote', {
                who: t(`preferences.who.${preferences.seeking}`),
                min: preferences.minAge,
                max: preferences.maxAge,
              })
            : t('preferences.searchNoteAny', { min: preferences.minAge, max: preferences.maxAge })}{' '}
          <Link to="/profile#looking-for-section">{t('preferences.edit')}</Link>
        </p>
      ) : null}
      {loaderData.placeMissing ? (
        <p className="small text-body-secondary add-town-note">
          {t('search.addTown')} <Link to="/profile#where-section">{t('search.addTownLink')}</Link>
        </p>
      ) : null}
      {loaderData.invalid ? (
        <p className="alert alert-warning" role="alert">
          {t('search.invalid')}
        </p>
      ) : null}
      <p className="text-body-secondary" role="status" aria-busy={navigation.state === 'loading'}>
        {loaderData.total_more
          ? t('search.totalMore', { count: total, formatted: count })
          : t('search.total', { count: total, formatted: count })}
      </p>
      {profiles.length === 0 ? (
        <WidenSearch query={query} />
      ) : (
        <ul className="member-grid list-unstyled" aria-label={t('membersPage.results')}>
          {profiles.map((profile) => (
            <li key={profile.id}>
              <MemberCard profile={profile} />
            </li>
          ))}
        </ul>
      )}
      <FictionalListNote profiles={profiles} />
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
          <FictionalListNote profiles={similar.profiles} />
        </section>
      ) : null}
    </div>
  )
}
