import { type RouterContextProvider, redirect } from 'react-router'
import { searchVisible } from '#common/search-visibility.ts'
import { getAppContext } from '../../context.server.ts'

/** A page of members for /members; visitors only where the site shows search to them. */
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
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1')
  return app.services.members.listRecent({
    viewerUserId: app.user?.id ?? null,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    cdnPrefix: s.cdn_prefix,
  })
}
