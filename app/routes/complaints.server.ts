import type { RouterContextProvider } from 'react-router'
import { api } from '#common/api.ts'
import { getAppContext } from '../context.server.ts'
import { callAction, step } from '../lib/call-action.server.ts'

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

/**
 * Files the complaint (or the report of a profile) through its API call's one handler
 * (app/lib/call-action.server.ts): its number, where its receipt went, and the address given.
 */
export function fileComplaint(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  return callAction(
    context,
    request,
    {
      complaint: step({
        call: api.fileComplaint,
        answer: (filed, body) => ({ ...filed, email: body.email }),
      }),
    },
    () => app.request.visitorActor(),
  )
}
