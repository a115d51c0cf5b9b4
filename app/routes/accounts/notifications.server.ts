import type { RouterContextProvider } from 'react-router'
import { getAppContext } from '../../context.server.ts'

/** The member's notification settings for /notifications. */
export function loadNotificationSettings(context: Readonly<RouterContextProvider>, userId: number) {
  return getAppContext(context).services.notifications.get(userId)
}

/** The mail type an unsubscribe link's token turns off, or null for a token that is not ours. */
export function unsubscribeType(context: Readonly<RouterContextProvider>, token: string | null) {
  return token ? getAppContext(context).services.notifications.tokenType(token) : null
}
