import { type RouterContextProvider, redirect, redirectDocument } from 'react-router'
import { api } from '#common/api.ts'
import { sameSitePath } from '#common/same-site-path.ts'
import { LoginInput } from '#common/schemas/accounts.ts'
import { getAppContext } from '../../context.server.ts'
import { BAN_PAGE } from '../../lib/ban-page.ts'
import { callAction, step } from '../../lib/call-action.server.ts'

/**
 * Logs in with the form's address and password, through the log-in call's one handler
 * (app/lib/call-action.server.ts), and keeps the session and device cookies: to `?next=` when it
 * is a path of this site (a page that asked for the session, such as a data export's link), else
 * to /members; or the form again with what failed.
 * `?intent=logout` (the account menu) ends the session and goes to the root (spec section 4).
 */
export async function logIn(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const url = new URL(request.url)
  if (url.searchParams.get('intent') === 'logout') {
    if (app.user && app.request.sessionToken)
      await app.services.accounts.logout(app.request.member(), app.request.sessionToken)
    app.request.endSession()
    return redirect('/')
  }
  return callAction(
    context,
    request,
    {
      login: step({
        call: api.postUser,
        // The log-in's own schema first: its refusals name the field (the call's body is either use).
        read: (fields) => LoginInput.parse(fields),
        answer: ({ token, device }) => {
          app.request.keepDevice('member', device)
          app.request.startSession(token)
          // `next` may be no page of the app (a data export's download): the browser loads it itself.
          const next = sameSitePath(url.searchParams.get('next'), '')
          return next ? redirectDocument(next) : redirect('/members')
        },
        instead: (code) => (code === 'accounts.banned' ? redirect(BAN_PAGE) : undefined),
      }),
    },
    () => app.request.visitorActor(),
  )
}
