import { type RouterContextProvider, redirect } from 'react-router'
import { numberFormat } from '#common/intl.ts'
import { MemberSearchQuery } from '#common/schemas/members.ts'
import { searchVisible } from '#common/search-visibility.ts'
import { getAppContext } from '../../context.server.ts'

/** /members: the search filters from the address and a page of results; visitors only where the site allows. */
export async function loadMemberSearch(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const s = app.site.settings
  const visible = searchVisible({
    loggedIn: app.user !== null,
    loggedOutSearch: s.logged_out_search,
    loggedOutSearchTrafficsource: s.logged_out_search_trafficsource,
    hasTrafficSource: app.network !== null,
  })
  if (!visible) throw redirect('/login')
  const url = new URL(request.url)
  const params: Record<string, string | string[]> = Object.fromEntries(
    [...url.searchParams].filter(([key, v]) => v !== '' && key !== 'interests'),
  )
  const interests = url.searchParams.getAll('interests').filter((v) => v !== '')
  if (interests.length > 0) params.interests = interests
  // A member's first look (no filters in the address) starts from whom they look for (issue 18);
  // a submitted form, even with every filter empty, is the member's own choice.
  // The preferences are read only then: a filtered search (every page after the first) needs none.
  const preferences =
    app.user && url.search === '' ? await app.services.profiles.preferences(app.user.id) : null
  const defaulted = preferences !== null
  if (preferences) {
    if (preferences.genders.length === 1) params.gender = preferences.genders[0]
    params.min_age = String(preferences.minAge)
    params.max_age = String(preferences.maxAge)
  }
  const parsed = MemberSearchQuery.safeParse(params)
  const query = parsed.success ? parsed.data : MemberSearchQuery.parse({})
  const result = await app.services.members.search(query, app.user?.id ?? null, s.cdn_prefix)
  return {
    ...result,
    // Formatted here: the page then hydrates without an Intl formatter (common/intl.ts).
    totalText: numberFormat(app.locale).format(result.total),
    query,
    invalid: !parsed.success,
    countries: s.countries,
    searchFields: s.search_fields,
    preferences: defaulted ? preferences : null,
    // A member without a town sees the most recent first: the page says how to see who is near.
    placeMissing: app.user !== null && result.order === 'recent',
  }
}
