import { data, type RouterContextProvider, redirect } from 'react-router'
import { chatTimeLabels } from '#common/chat-times.ts'
import { regionalLocale } from '#common/intl.ts'
import { MessagesQuery } from '#common/schemas/chat.ts'
import type { AppError } from '#server/lib/errors.ts'
import { getAppContext } from '../../context.server.ts'
import { requireUser } from '../accounts/guards.server.ts'
import { rethrowBlocked } from '../members/blocked.server.ts'
import { loadMember } from '../members/member.server.ts'
import { loadPublicProfile } from '../members/public-profile.server.ts'

/** /chats: members only; the list itself comes with the chat store. */
export function loadChats(context: Readonly<RouterContextProvider>) {
  requireUser(context)
  return null
}

/** An AppError from a service as the page's error: the message in the member's language. */
function asPageError(context: Readonly<RouterContextProvider>, error: unknown): never {
  const failure = error as AppError
  if (failure?.code === 'chat.not_found') throw data(null, { status: 404 })
  rethrowBlocked(error, getAppContext(context).locale)
}

/** /chats/{id}: one of the member's conversations and its latest messages; others get a 404. */
export async function loadConversation(context: Readonly<RouterContextProvider>, id: string | undefined) {
  const user = requireUser(context)
  const app = getAppContext(context)
  const conversation = /^\d{1,10}$/.test(id ?? '') ? Number(id) : 0
  if (!conversation || conversation > 2_147_483_647) throw data(null, { status: 404 })
  const cdn = app.site.settings.cdn_prefix
  try {
    const [head, messages, breakUntil] = await Promise.all([
      app.services.chat.conversation(user.id, conversation, cdn),
      app.services.chat.messages(user.id, { conversation }),
      app.services.spending.breakUntil(user.id),
    ])
    // The messages' times in the member's time zone when known (common/chat-times.ts says why).
    const times = app.timeZone
      ? chatTimeLabels(
          messages.messages.flatMap((m) => [['time', m.created_at] as const, ['day', m.created_at] as const]),
          regionalLocale(app.locale, user.profile.country),
          app.now,
          app.timeZone,
        )
      : null
    // Issue 54, point 9: with a fictional profile, where the member's spending with them stands
    // (the page shows the reminder when it is due, and the moment a message makes it due: ADR 32).
    const fictionalSpend = head.profile.fictional
      ? await app.services.spending.fictionalSpend(user.id, app.site)
      : null
    return {
      ...head,
      messages,
      times,
      fictionalSpend,
      purchaseBreakUntil: breakUntil?.toISOString() ?? null,
    }
  } catch (error) {
    asPageError(context, error)
  }
}

/**
 * /member-data/messages?conversation=&before=: a page of the member's conversation older than a
 * message, for the conversation's fetcher as the member scrolls up (the conversation's own page
 * loads its latest). A visitor and a query that is not one are refused, not sent to log in.
 */
export async function loadOlderMessages(context: Readonly<RouterContextProvider>, url: URL) {
  const app = getAppContext(context)
  if (!app.user) throw data(null, { status: 401 })
  const query = MessagesQuery.safeParse(Object.fromEntries(url.searchParams))
  if (!query.success || query.data.before === undefined) throw data(null, { status: 400 })
  try {
    return await app.services.chat.messages(app.user.id, {
      conversation: query.data.conversation,
      before: query.data.before,
    })
  } catch (error) {
    asPageError(context, error)
  }
}

/** /chats/{id}'s one form: the member read the reminder on fictional profiles; the page again. */
export async function readFictionalReminder(
  context: Readonly<RouterContextProvider>,
  id: string | undefined,
) {
  const user = requireUser(context)
  const app = getAppContext(context)
  await app.services.spending.readFictionalReminder(user.id, app.site, user.credit_value)
  return redirect(`/chats/${Number(id) || ''}`)
}

/**
 * /members/{id}/chat: a visitor is asked to log in or sign up; a member goes to their conversation
 * with that member, or starts one.
 */
export async function loadMemberChat(
  context: Readonly<RouterContextProvider>,
  id: string | undefined,
  request: Request,
) {
  const app = getAppContext(context)
  if (!app.user) return { mode: 'visitor' as const, ...(await loadPublicProfile(context, id)) }
  const { profile } = await loadMember(context, id)
  if (profile.id === app.user.profile.id) throw redirect('/chats')
  const existing = await app.services.chat.conversationWith(app.user.id, profile.id)
  if (existing) throw redirect(`/chats/${existing}${new URL(request.url).search}`)
  const [nextMessageFree, breakUntil] = await Promise.all([
    app.services.chat.openingFree(app.user.id),
    app.services.spending.breakUntil(app.user.id),
  ])
  return {
    mode: 'new' as const,
    profile,
    blockedByMe: profile.blocked_by_me,
    nextMessageFree,
    /** Until when the member takes a break from purchases (ADR 32): the chat offers none meanwhile. */
    purchaseBreakUntil: breakUntil?.toISOString() ?? null,
  }
}
