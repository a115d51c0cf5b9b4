import { data, type RouterContextProvider } from 'react-router'
import { getAppContext } from '../../context.server.ts'
import { rethrowBlocked } from './blocked.server.ts'

/** A member as a visitor may see them, for the landing and chat entry pages; 404 when hidden or unknown. */
export async function loadPublicProfile(context: Readonly<RouterContextProvider>, id: string | undefined) {
  const app = getAppContext(context)
  const profileId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : Number.NaN
  const profile = await app.services.members
    .getPublicProfile(profileId, app.site.settings.cdn_prefix, app.user?.id ?? null)
    .catch((error: unknown) => rethrowBlocked(error, app.locale))
  if (!profile) throw data(null, { status: 404 })
  return { profile }
}
