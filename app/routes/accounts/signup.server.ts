import { type RouterContextProvider, redirect } from 'react-router'
import { type Seeking, sexualityOf } from '#common/matching.ts'
import { SignupForm } from '#common/schemas/accounts.ts'
import { isTimeZone } from '#common/time-zone.ts'
import { getAppContext } from '../../context.server.ts'
import { BAN_PAGE } from '../../lib/ban-page.ts'
import { formFields, refused } from '../../lib/form-action.server.ts'

const isSeeking = (value: string | undefined): value is Seeking =>
  value === 'men' || value === 'women' || value === 'both'

/** Where a new member goes: the steps that complete the profile (spec section 5). */
const AFTER_SIGNUP = '/complete-signup'

/**
 * Makes the account from the sign-up form (the modal's or the page's) and logs it in. Posted by
 * the page's scripts (`scripted`), the answer says where to go, so that the page can note the
 * sign-up before it leaves (page bounces); posted without them, it is the redirect itself.
 */
export async function signUp(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const { scripted, seeking, ...form } = await formFields(request)
  // A member who is logged in has an account: no second one, no switched session.
  if (app.user) return scripted ? { ok: true as const, next: '/members' } : redirect('/members')
  try {
    const gender = form.gender || undefined
    const input = SignupForm.parse({
      ...form,
      gender,
      sexuality: gender && isSeeking(seeking) ? sexualityOf(gender, seeking) : undefined,
      signup_message: form.signup_message?.trim() || undefined,
      // A zone this server does not know only loses the country's hint, never the sign-up.
      time_zone: form.time_zone && isTimeZone(form.time_zone) ? form.time_zone : undefined,
    })
    const { password_repeat: _, ...account } = input
    const { token, device } = await app.services.accounts.signup(account, app.request.origin())
    app.request.startSession(token)
    app.request.keepDevice('member', device)
  } catch (error) {
    if (app.request.failure(error)?.code === 'accounts.banned') {
      return scripted ? { ok: true as const, next: BAN_PAGE } : redirect(BAN_PAGE)
    }
    const { password: _p, password_repeat: _r, ...typed } = form
    return refused(context, error, { ...typed, seeking: seeking ?? '' })
  }
  return scripted ? { ok: true as const, next: AFTER_SIGNUP } : redirect(AFTER_SIGNUP)
}
