import { and, eq, isNull, sql } from 'drizzle-orm'
import { type Executor, queryRows } from '#server/db/client.ts'
import { notBlockedWith, reachable } from '#server/db/profile-cards.ts'
import { conversationMembers, conversations } from '#server/db/schema/chat.ts'
import { profiles } from '#server/db/schema/members.ts'
import { operatorQueue } from '#server/db/schema/operators.ts'

/** Who closed a conversation, if anyone did (issue 61, point 4). */
export async function selectClosure(db: Executor, conversationId: number) {
  const [row] = await db
    .select({ closedAt: conversations.closedAt, by: conversations.closedByUserId })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
  return row?.closedAt ? { by: row.by } : null
}

/** Ends a conversation for both, in the closing message's transaction (chat_send refused it if closed). */
export async function closeConversation(db: Executor, conversationId: number, userId: number, at: Date) {
  await db
    .update(conversations)
    .set({ closedAt: at, closedByUserId: userId })
    .where(and(eq(conversations.id, conversationId), isNull(conversations.closedAt)))
  await db
    .update(conversationMembers)
    .set({ turnSince: null })
    .where(eq(conversationMembers.conversationId, conversationId))
  // A goodbye to a fictional profile waits for no operator's answer.
  await db.delete(operatorQueue).where(eq(operatorQueue.conversationId, conversationId))
}

/**
 * The member's conversations waiting for their answer since before `before`, longest first (the
 * first `limit`), and how many there are: open, with a real partner they may still see and write to
 * (not blocked either way, not hidden). A fictional profile never waits for anyone's answer here.
 */
export function selectWaiting(db: Executor, userId: number, before: Date, limit: number) {
  return queryRows<{
    conversation: number
    profile: number
    name: string
    since: string | Date
    total: number
  }>(
    db,
    sql`select cm.conversation_id as conversation, ${profiles.id} as profile, ${profiles.name} as name,
        cm.turn_since as since, (count(*) over ())::int as total
      from conversation_members cm
      join conversations c on c.id = cm.conversation_id and c.closed_at is null
      join ${profiles} on ${profiles.userId} = cm.partner_user_id and ${reachable()} and not ${profiles.fictional}
      where cm.user_id = ${userId} and cm.turn_since is not null and cm.turn_since < ${before}
        and ${notBlockedWith(userId)}
      order by cm.turn_since
      limit ${limit}`,
  )
}
