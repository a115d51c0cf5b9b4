import { type SQL, sql } from 'drizzle-orm'
import type { WriteContext, WriteRefusal } from '#common/write-refusals.ts'
import { conversationMembers } from './schema/chat.ts'
import { profiles } from './schema/members.ts'

/**
 * Why the viewer may not write to the member of the query's `profiles` row, or null: the database
 * function write_refusal (server/db/functions/write_refusal.sql), the one definition of who may
 * write to whom, which chat_send asks too. `known`: the viewer already chats with them.
 */
export function writeRefusal<C extends WriteContext>(
  viewerUserId: number,
  context: C,
  known: SQL | boolean = false,
) {
  return sql<WriteRefusal<C> | null>`write_refusal(${viewerUserId}::int, ${profiles}, ${known}, ${context}::text)`
}

/** Whether the viewer already has a conversation with the member of the query's `profiles` row. */
export function chatsWith(viewerUserId: number): SQL {
  return sql`exists (select 1 from ${conversationMembers} cm where cm.user_id = ${viewerUserId} and cm.partner_user_id = ${profiles.userId})`
}
