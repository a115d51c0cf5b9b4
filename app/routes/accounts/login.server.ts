import { type RouterContextProvider, redirect, redirectDocument } from 'react-router'
import { sameSitePath } from '#common/same-site-path.ts'
import { LoginInput } from '#common/schemas/accounts.ts'
import { getAppContext } from '../../context.server.ts'
import { BAN_PAGE } from '../../lib/ban-page.ts'
import { formFields, refused } from '../../lib/form-action.server.ts'

/**
 * Logs in with the form's address and password: to `?next=` when it is a path of this site (a page
 * that asked for the session, such as a data export's link), else to /members; or the form again
 * with what failed.
 * `?intent=logout` (the account menu) ends the session and goes to the root (spec section 4).
 */
export async function logIn(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  if (new URL(request.url).searchParams.get('intent') === 'logout') {
    if (app.user && app.request.sessionToken)
      await app.services.accounts.logout(app.request.member(), app.request.sessionToken)
    app.request.endSession()
    return redirect('/')
  }
  const fields = await formFields(request)
  try {
    const input = LoginInput.parse(fields)
    const { token, device } = await app.services.accounts.login(
      input.email,
      input.password,
      app.request.origin(),
    )
    app.request.keepDevice('member', device)
    app.request.startSession(token)
  } catch (error) {
    if (app.request.failure(error)?.code === 'accounts.banned') return redirect(BAN_PAGE)
    return refused(context, error, { email: fields.email ?? '' })
  }
  // `next` may be no page of the app (a data export's download): the browser loads it itself.
  const next = sameSitePath(new URL(request.url).searchParams.get('next'), '')
  return next ? redirectDocument(next) : redirect('/members')
}
