import type { RouterContextProvider } from 'react-router'
import { chatTimeLabels } from '#common/chat-times.ts'
import { regionalLocale } from '#common/intl.ts'
import { getAppContext } from '../../context.server.ts'
import type { MemberChats } from '../../features/chat/index.ts'
import type { MemberLikes } from '../../features/likes/index.ts'

// The member's chats and likes, each loaded by its store's own fetcher (issue 57, point 4), not by
// the root loader on every navigation and action: the stores load them once a member is on the
// page, follow the socket's frames, and load them again on a reconnection and at each refresh.
// A visitor gets null.

/** /member-data/chats: the member's conversations (up to 200), and their times as the list shows them. */
export async function loadMemberChats(context: Readonly<RouterContextProvider>): Promise<MemberChats | null> {
  const { user, services, site, timeZone, locale, now } = getAppContext(context)
  if (!user) return null
  const { chats } = await services.chat.list(user.id, site.settings.cdn_prefix)
  return {
    userId: user.id,
    chats,
    // In the member's time zone when the site knows it, so the list says what the server would.
    times: timeZone
      ? chatTimeLabels(
          chats.flatMap((c) => (c.last_message ? [['list', c.last_message.created_at] as const] : [])),
          regionalLocale(locale, user.profile.country),
          now,
          timeZone,
        )
      : null,
  }
}

/** /member-data/likes: whom the member likes, who likes them, and which likes are new. */
export async function loadMemberLikes(context: Readonly<RouterContextProvider>): Promise<MemberLikes | null> {
  const { user, services, site } = getAppContext(context)
  if (!user) return null
  return { userId: user.id, likes: await services.likes.list(user.id, site.settings.cdn_prefix) }
}
