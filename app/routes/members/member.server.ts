import { data, type RouterContextProvider } from 'react-router'
import type { AppError } from '#server/lib/errors.ts'
import { getAppContext } from '../../context.server.ts'
import { createI18n } from '../../i18n.ts'

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
    const failure = error as AppError
    if (failure?.code === 'member.blocked') {
      const t = createI18n(app.locale).t
      throw data(t('errors.member.blocked', failure.values), { status: 403 })
    }
    throw error
  }
}
