import { data, type RouterContextProvider } from 'react-router'
import { getAppContext } from '../../context.server.ts'
import { rethrowBlocked } from './blocked.server.ts'

/** A member page: 404 when unknown or hidden; the spec's message (403) when the member blocked the viewer. */
export async function loadMember(context: Readonly<RouterContextProvider>, id: string | undefined) {
  const app = getAppContext(context)
  const profileId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : 0
  if (!profileId || profileId > 2_147_483_647) throw data(null, { status: 404 })
  const viewer = app.user ? { userId: app.user.id, paid: app.user.paid_user } : null
  try {
    const profile = await app.services.memberPages.get(profileId, viewer, app.site, app.locale)
    if (!profile) throw data(null, { status: 404 })
    return { profile, loggedIn: viewer !== null }
  } catch (error) {
    rethrowBlocked(error, app.locale)
  }
}
