import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { type ChatSend, ChatSendResult } from '#common/schemas/chat-send.ts'
import { type Executor, queryPreparedRows, queryRows } from '#server/db/client.ts'

/**
 * Sends a batch of messages in one call and one transaction: chat_send locks the senders, checks
 * each send, debits and saves it, and answers one result per send, in order, in the shape
 * common/schemas/chat-send.ts gives it (the parser every node shares).
 */
export async function sendMessages(db: Executor, sends: ChatSend[]): Promise<ChatSendResult[]> {
  const rows = await queryPreparedRows<{ results: unknown }>(
    db,
    sql`select chat_send(${JSON.stringify(sends)}::jsonb) as results`,
  )
  const raw = rows[0].results
  return ChatSendResults.parse(typeof raw === 'string' ? JSON.parse(raw) : raw)
}

const ChatSendResults = z.array(ChatSendResult)

/**
 * A member asked a fictional profile whether it is real (issue 54, point 8; ADR 32): the waiting
 * conversation is marked in the operators' inbox (the first time counts). Nothing when the
 * conversation is not waiting there (the partner is a real member).
 */
export async function markAskedIfReal(db: Executor, conversation: number, memberUserId: number, at: Date) {
  await db.execute(sql`update operator_queue set asked_real_at = coalesce(asked_real_at, ${at.toISOString()})
    where conversation_id = ${conversation} and member_user_id = ${memberUserId}`)
}

/**
 * Whether a conversation's other member takes an answer of a kind that only answers (a voice
 * note, issue 58): they have written in it, and they take voice notes; with their name, for the
 * refusal. Null when the sender is not a member of the conversation.
 */
export async function selectAnswerTaken(db: Executor, conversation: number, senderUserId: number) {
  const rows = await queryRows<{ wrote: boolean; takes: boolean; name: string }>(
    db,
    sql`select exists (select 1 from messages m where m.conversation_id = cm.conversation_id
          and m.sender_user_id = cm.partner_user_id) as wrote,
        u.voice_notes as takes, p.name
      from conversation_members cm
      join users u on u.id = cm.partner_user_id
      join profiles p on p.user_id = cm.partner_user_id
      where cm.conversation_id = ${conversation} and cm.user_id = ${senderUserId}`,
  )
  return rows[0] ?? null
}

/** Whether the sender already sent a message under this client_id (a retried send). */
export async function selectSentBefore(db: Executor, senderUserId: number, clientId: string) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from messages where sender_user_id = ${senderUserId} and client_id = ${clientId} limit 1`,
  )
  return rows.length > 0
}
