import type { RouterContextProvider } from 'react-router'
import { api } from '#common/api.ts'
import { getAppContext } from '../../context.server.ts'
import { callAction, step } from '../../lib/call-action.server.ts'

// The forgotten password's two pages, each through its API call's one handler
// (app/lib/call-action.server.ts).

/** Mails a link to choose a new password (to an address with an account; the answer is the same). */
export function requestReset(context: Readonly<RouterContextProvider>, request: Request) {
  return callAction(context, request, { request: step({ call: api.requestPasswordReset }) }, () =>
    getAppContext(context).request.visitorActor(),
  )
}

/** Sets the new password with the link's token; every session ends, this browser's too. */
export function resetPassword(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  return callAction(
    context,
    request,
    {
      reset: step({
        call: api.resetPassword,
        answer: (reset) => {
          app.request.endSession()
          return reset
        },
      }),
    },
    () => app.request.visitorActor(),
  )
}
