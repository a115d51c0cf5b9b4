import { type RouterContextProvider, redirect } from 'react-router'
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
  const params = Object.fromEntries([...new URL(request.url).searchParams].filter(([, v]) => v !== ''))
  const parsed = MemberSearchQuery.safeParse(params)
  const query = parsed.success ? parsed.data : MemberSearchQuery.parse({})
  const result = await app.services.members.search(query, app.user?.id ?? null, s.cdn_prefix)
  return { ...result, query, invalid: !parsed.success, countries: s.countries, searchFields: s.search_fields }
}
