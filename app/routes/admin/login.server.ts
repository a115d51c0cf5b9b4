import { data, type RouterContextProvider, redirect, redirectDocument } from 'react-router'
import { SecondFactorInput, StaffLanguageInput, StaffLoginInput } from '#common/schemas/staff.ts'
import { getAppContext } from '../../context.server.ts'
import { formFields, refused } from '../../lib/form-action.server.ts'

/**
 * /admin/login: staff already in go to the console; a half-logged staff member (password given)
 * is asked for the second factor, or to enroll their app first, whenever the page loads.
 */
export async function loadAdminLogin(context: Readonly<RouterContextProvider>) {
  const app = getAppContext(context)
  if (app.staff) throw redirect('/admin')
  if (!app.staffPending) return { step: 'password' as const }
  const enrollment = await app.services.staff.enrollment(app.request.pendingStaff())
  return enrollment ? { step: 'enroll' as const, ...enrollment } : { step: 'code' as const }
}

/**
 * The login's steps (`?intent=`): the password opens a half session and the page loads again at
 * its next step; the code (or a recovery code) completes it and the console loads afresh, except
 * at enrollment, whose recovery codes are shown once; `restart` gives up a half session and
 * `logout` ends a whole one; `language` keeps the console's language a staff member chose.
 */
export async function staffLoginStep(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const intent = new URL(request.url).searchParams.get('intent')
  const fields = await formFields(request)
  try {
    if (intent === 'password') {
      const input = StaffLoginInput.parse(fields)
      const { token } = await app.services.staff.login(
        input.email,
        input.password,
        app.request.ip,
        app.request.device('staff'),
      )
      app.request.startStaffSession(token)
      return redirect('/admin/login')
    }
    if (intent === 'code') {
      const { code } = SecondFactorInput.parse(fields)
      const done = await app.services.staff.secondFactor(
        app.request.pendingStaff(),
        code,
        app.request.ip,
        app.request.device('staff'),
      )
      app.request.keepDevice('staff', done.device)
      if (done.recovery_codes) return { ok: true as const, intent, recoveryCodes: done.recovery_codes }
      return redirectDocument('/admin')
    }
    if (intent === 'logout') {
      if (app.staff) await app.services.staff.logout(app.staff, app.request.ip)
      app.request.endStaffSession()
      return redirectDocument('/admin/login')
    }
    if (intent === 'language') {
      if (!app.staff) return redirect('/admin/login')
      const { language, back } = StaffLanguageInput.parse(fields)
      await app.services.staff.setLanguage(app.staff, language)
      // A document load: the console's strings in the new language come with the page.
      return redirectDocument(back)
    }
    if (intent === 'restart') {
      if (app.staffPending) await app.services.staff.logout(app.request.pendingStaff(), app.request.ip)
      app.request.endStaffSession()
      return redirect('/admin/login')
    }
  } catch (error) {
    return refused(context, error, intent === 'password' ? { email: fields.email ?? '' } : {}, intent ?? '')
  }
  throw data(null, { status: 400 })
}
