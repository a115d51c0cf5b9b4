import type { RouterContextProvider } from 'react-router'
import { getAppContext } from '../context.server.ts'

/** The complaint form's prefill: the member's name and address, and the reported profile if any. */
export async function loadComplaints(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const id = Number(new URL(request.url).searchParams.get('profile'))
  const reported =
    Number.isSafeInteger(id) && id > 0
      ? await app.services.members.getPublicProfile(id, app.site.settings.cdn_prefix)
      : null
  return {
    name: app.user?.profile.name ?? '',
    email: app.user?.email ?? '',
    reported: reported ? { id: reported.id, name: reported.name } : null,
  }
}
