import type { RouterContextProvider } from 'react-router'
import { EMAIL_TYPES } from '#common/notifications.ts'
import { UnsubscribeQuery } from '#common/schemas/notifications.ts'
import { getAppContext } from '../../context.server.ts'
import { formFields, refused } from '../../lib/form-action.server.ts'

/** The member's notification settings for /notifications. */
export function loadNotificationSettings(context: Readonly<RouterContextProvider>, userId: number) {
  return getAppContext(context).services.notifications.get(userId)
}

/** The mail type an unsubscribe link's token turns off, or null for a token that is not ours. */
export function unsubscribeType(context: Readonly<RouterContextProvider>, token: string | null) {
  return token ? getAppContext(context).services.notifications.tokenType(token) : null
}

/**
 * The notification form's fields (`?intent=notifications` on /notifications) as the API's
 * NotificationSettingsInput: the mail switches when the form carries them (`emails`: unticked is
 * off), this browser's push switch (`push` on or off), or `enable_mails` to turn mails back on.
 */
export function notificationFields(fields: Record<string, string>) {
  return {
    ...(fields.emails
      ? { email: Object.fromEntries(EMAIL_TYPES.map((type) => [type, fields[`email_${type}`] === 'on'])) }
      : {}),
    ...(fields.push ? { push: fields.push === 'on' } : {}),
    ...(fields.enable_mails ? { notifications_disabled: [] } : {}),
  }
}

/** The unsubscribe page's press: the mail type of the link's token turned off, no login needed. */
export async function unsubscribe(context: Readonly<RouterContextProvider>, request: Request) {
  const fields = await formFields(request)
  try {
    const { token } = UnsubscribeQuery.parse(fields)
    await getAppContext(context).services.notifications.unsubscribe(token)
  } catch (error) {
    return refused(context, error)
  }
  return { ok: true as const }
}
