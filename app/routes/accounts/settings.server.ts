import { data, type RouterContextProvider } from 'react-router'
import { ChangePasswordInput, EmailChangeInput } from '#common/schemas/accounts.ts'
import { getAppContext } from '../../context.server.ts'
import { formFields, refused } from '../../lib/form-action.server.ts'
import { notificationChange } from './notifications.server.ts'

/**
 * The settings page's forms (`?intent=` in their action says which): the notification switches,
 * the password change (the old one checked; the other sessions end) and the e-mail change (a link
 * to the new address).
 */
export async function changeSettings(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const intent = new URL(request.url).searchParams.get('intent')
  const fields = await formFields(request)
  try {
    if (intent === 'notifications') {
      const change = notificationChange(fields)
      await app.services.notifications.update(app.request.member().userId, change)
      return { ok: true as const, intent, mailsOn: Boolean(change.notifications_disabled) }
    }
    if (intent === 'password') {
      const input = ChangePasswordInput.parse(fields)
      await app.services.passwords.change(
        app.request.member(),
        input.old_password,
        input.password,
        app.request.sessionToken,
      )
      return { ok: true as const, intent }
    }
    if (intent === 'email') {
      const input = EmailChangeInput.parse(fields)
      await app.services.accountSettings.requestEmailChange(
        app.request.member(),
        input.email,
        input.password,
        app.request.origin(),
      )
      return { ok: true as const, intent, sentTo: input.email }
    }
  } catch (error) {
    return refused(
      context,
      error,
      intent === 'email' ? { email: fields.email ?? '' } : {},
      intent ?? undefined,
    )
  }
  throw data(null, { status: 400 })
}
