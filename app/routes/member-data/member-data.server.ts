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

/** Runs a member's load; null for a visitor. */
async function member<T>(context: Readonly<RouterContextProvider>, load: (userId: number) => Promise<T>) {
  const user = getAppContext(context).user
  return user ? load(user.id) : null
}

/** /member-data/chats: the member's conversations (up to 200), and their times as the list shows them. */
export function loadMemberChats(context: Readonly<RouterContextProvider>) {
  const app = getAppContext(context)
  return member(context, async (userId): Promise<MemberChats> => {
    const { chats } = await app.services.chat.list(userId, app.site.settings.cdn_prefix)
    return {
      userId,
      chats,
      // In the member's time zone when the site knows it, so the list says what the server would.
      times: app.timeZone
        ? chatTimeLabels(
            chats.flatMap((c) => (c.last_message ? [['list', c.last_message.created_at] as const] : [])),
            regionalLocale(app.locale, app.user?.profile.country),
            app.now,
            app.timeZone,
          )
        : null,
    }
  })
}

/** /member-data/likes: whom the member likes, who likes them, and which likes are new. */
export function loadMemberLikes(context: Readonly<RouterContextProvider>) {
  const app = getAppContext(context)
  return member(
    context,
    async (userId): Promise<MemberLikes> => ({
      userId,
      likes: await app.services.likes.list(userId, app.site.settings.cdn_prefix),
    }),
  )
}
