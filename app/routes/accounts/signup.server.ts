import { type RouterContextProvider, redirect } from 'react-router'
import { api } from '#common/api.ts'
import { type Seeking, sexualityOf } from '#common/matching.ts'
import { SignupForm } from '#common/schemas/accounts.ts'
import { isTimeZone } from '#common/time-zone.ts'
import { getAppContext } from '../../context.server.ts'
import { BAN_PAGE } from '../../lib/ban-page.ts'
import { callAction, step } from '../../lib/call-action.server.ts'

const isSeeking = (value: string | undefined): value is Seeking =>
  value === 'men' || value === 'women' || value === 'both'

/** Where a new member goes: the steps that complete the profile (spec section 5). */
const AFTER_SIGNUP = '/complete-signup'

/**
 * Makes the account from the sign-up form (the modal's or the page's) through the sign-up call's
 * one handler (app/lib/call-action.server.ts), keeps its session and device cookies, and logs it
 * in. Posted by the page's scripts (`scripted`), the answer says where to go, so that the page can
 * note the sign-up before it leaves (page bounces); posted without them, it is the redirect itself.
 */
export function signUp(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const next = (form: FormData, to: string) => (form.get('scripted') ? { next: to } : redirect(to))
  return callAction(
    context,
    request,
    {
      signup: step({
        call: api.signup,
        read: (fields) => {
          const { scripted: _, seeking, ...form } = fields
          const gender = form.gender || undefined
          // The repeated password is the form's own check; the call takes the account.
          const { password_repeat: _r, ...account } = SignupForm.parse({
            ...form,
            gender,
            sexuality: gender && isSeeking(seeking) ? sexualityOf(gender, seeking) : undefined,
            signup_message: form.signup_message?.trim() || undefined,
            // A zone this server does not know only loses the country's hint, never the sign-up.
            time_zone: form.time_zone && isTimeZone(form.time_zone) ? form.time_zone : undefined,
          })
          return account
        },
        answer: ({ token, device }, _body, form) => {
          app.request.startSession(token)
          app.request.keepDevice('member', device)
          return next(form, AFTER_SIGNUP)
        },
        // A member who is logged in has an account: no second one, no switched session.
        instead: (code, form) =>
          code === 'accounts.banned'
            ? next(form, BAN_PAGE)
            : code === 'accounts.logged_in'
              ? next(form, '/members')
              : undefined,
      }),
    },
    () => app.request.visitorActor(),
  )
}
