// A member's own side of a conversation (conversation_members): how far they read, whether they
// removed it, whether they see its explicit photos unblurred, which voice notes they played.
import { and, eq, sql } from 'drizzle-orm'
import type { Message } from '#common/schemas/message.ts'
import { type Executor, queryRows } from '#server/db/client.ts'
import { conversationMembers, messages } from '#server/db/schema/chat.ts'

/**
 * Reads the conversation up to its newest message, or up to `upTo` (the newest the member was
 * shown) when one came after it; the unread count is what the partner wrote after the new mark.
 * Answers the new read mark and what stays unread.
 */
export async function markRead(db: Executor, conversationId: number, userId: number, upTo?: number) {
  const newest = sql`coalesce((select max(id) from ${messages} where conversation_id = ${conversationId}), 0)`
  const mark =
    upTo === undefined
      ? sql`greatest(${conversationMembers.lastReadMessageId}, ${newest})`
      : sql`greatest(${conversationMembers.lastReadMessageId}, least(${upTo}::bigint, ${newest}))`
  const [row] = await db
    .update(conversationMembers)
    .set({
      unread: sql`(select count(*)::int from ${messages} where conversation_id = ${conversationId} and sender_user_id <> ${userId} and id > ${mark})`,
      lastReadMessageId: mark,
    })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    )
    .returning({ lastRead: conversationMembers.lastReadMessageId, unread: conversationMembers.unread })
  return { lastRead: Number(row?.lastRead ?? 0), unread: row?.unread ?? 0 }
}

/** Removes the chat from the member's side: hidden, read, and its messages so far cleared. */
export async function removeChat(db: Executor, conversationId: number, userId: number) {
  const rows = await db
    .update(conversationMembers)
    .set({
      hidden: true,
      unread: 0,
      clearedUpTo: sql`coalesce((select max(id) from ${messages} where conversation_id = ${conversationId}), 0)`,
    })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    )
    .returning({ id: conversationMembers.conversationId })
  return rows.length > 0
}

/** The member's choice to see a conversation's explicit photos unblurred; false when not theirs. */
export async function setShowExplicit(db: Executor, conversationId: number, userId: number, show: boolean) {
  const rows = await db
    .update(conversationMembers)
    .set({ showExplicit: show })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    )
    .returning({ userId: conversationMembers.userId })
  return rows.length > 0
}

/**
 * The member played a voice note sent to them in one of their conversations (issue 58): it is
 * marked played, once. The message as it now shows and who sent it; null when it is not such a
 * note, not theirs to play, or played already.
 */
export async function markVoicePlayed(db: Executor, messageId: number, userId: number) {
  const rows = await queryRows<{ message: Message; sender: number }>(
    db,
    sql`update messages m set payload = m.payload || '{"played": true}'::jsonb
      from conversation_members cm, profiles p
      where m.id = ${messageId} and m.kind = 'voice' and m.sender_user_id <> ${userId}
        and cm.conversation_id = m.conversation_id and cm.user_id = ${userId}
        and p.user_id = m.sender_user_id
        and not coalesce((m.payload->>'played')::boolean, false)
      returning message_json(m, p.id) as message, m.sender_user_id as sender`,
  )
  const row = rows[0]
  return row ? { message: row.message, sender: Number(row.sender) } : null
}
