import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { Message } from '#common/schemas/chat.ts'
import { type Executor, queryRows } from '#server/db/client.ts'
import { notBlockedWith, reachable, selectProfileCards } from '#server/db/profile-cards.ts'
import { conversationMembers, messages } from '#server/db/schema/chat.ts'
import { blocks, profiles } from '#server/db/schema/members.ts'
import { chatsWith, writeRefusal } from '#server/db/write-refusal.ts'

/**
 * The member behind a profile, and why the viewer may not write to them (write_refusal, the one
 * definition of the rule; null when they may). An invisible member stays reachable in a chat.
 */
export async function selectPartnerByProfile(db: Executor, profileId: number, viewerUserId: number) {
  const rows = await db
    .select({
      userId: profiles.userId,
      profileId: profiles.id,
      name: profiles.name,
      refusal: writeRefusal(viewerUserId, 'chat', chatsWith(viewerUserId)),
    })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1)
  return rows[0] ?? null
}

/**
 * Whether a member may see a message's stored file (one of `files`): they are a member of
 * the conversation it was sent in, and the partner has not blocked them. One query: photos load by
 * the dozen.
 */
export async function selectFileAllowed(db: Executor, files: string[], userId: number) {
  const rows = await queryRows<{ ok: number }>(
    db,
    sql`select 1 as ok from ${messages} m
      join ${conversationMembers} cm on cm.conversation_id = m.conversation_id and cm.user_id = ${userId}
      where m.media_file in ${files}
        and not exists (select 1 from ${blocks} b
          where b.blocker_user_id = cm.partner_user_id and b.blocked_user_id = ${userId})
      limit 1`,
  )
  return rows.length > 0
}

/** The viewer's side of a conversation, or null when they are not part of it. */
export async function selectMembership(db: Executor, conversationId: number, userId: number) {
  const rows = await db
    .select()
    .from(conversationMembers)
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    )
    .limit(1)
  return rows[0] ?? null
}

export async function selectMembershipWith(db: Executor, userId: number, partnerUserId: number) {
  const rows = await db
    .select()
    .from(conversationMembers)
    .where(and(eq(conversationMembers.userId, userId), eq(conversationMembers.partnerUserId, partnerUserId)))
    .limit(1)
  return rows[0] ?? null
}

export async function selectProfileIdOfUser(db: Executor, userId: number) {
  const rows = await db
    .select({ id: profiles.id, name: profiles.name })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), reachable()))
    .limit(1)
  return rows[0] ?? null
}

/**
 * The last `limit` messages the member can see of their conversation with the owner of
 * `partnerProfileId`, newest first; null when that is not their conversation with that profile.
 */
export async function selectConversationTail(
  db: Executor,
  conversationId: number,
  userId: number,
  partnerProfileId: number,
  limit: number,
) {
  const [side] = await db
    .select({
      clearedUpTo: conversationMembers.clearedUpTo,
      partnerUserId: conversationMembers.partnerUserId,
    })
    .from(conversationMembers)
    .innerJoin(profiles, eq(profiles.userId, conversationMembers.partnerUserId))
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, userId),
        eq(profiles.id, partnerProfileId),
      ),
    )
    .limit(1)
  if (!side) return null
  const rows = await selectMessages(db, conversationId, { above: Number(side.clearedUpTo), limit })
  return rows.map((row) => ({ row, fromPartner: row.senderUserId === side.partnerUserId }))
}

/** The member's unread messages over the chats they can see. */
export async function selectUnreadTotal(db: Executor, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${conversationMembers.unread}), 0)::int` })
    .from(conversationMembers)
    .innerJoin(profiles, eq(profiles.userId, conversationMembers.partnerUserId))
    .where(
      and(
        eq(conversationMembers.userId, userId),
        sql`not ${conversationMembers.hidden}`,
        gt(conversationMembers.unread, 0),
        reachable(),
        notBlockedWith(userId),
      ),
    )
  return Number(row?.n ?? 0)
}

/** The member's chats, most recent first, with the partner's read mark and the last message. */
export async function selectChats(db: Executor, userId: number, limit: number) {
  const partnerSide = sql`(select pm.last_read_message_id from ${conversationMembers} pm where pm.conversation_id = ${conversationMembers.conversationId} and pm.user_id = ${conversationMembers.partnerUserId})`
  const rows = await db
    .select({
      conversationId: conversationMembers.conversationId,
      partnerUserId: conversationMembers.partnerUserId,
      unread: conversationMembers.unread,
      clearedUpTo: conversationMembers.clearedUpTo,
      partnerLastRead: sql<number>`coalesce(${partnerSide}, 0)::bigint`,
      turnSince: conversationMembers.turnSince,
    })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.userId, userId), sql`not ${conversationMembers.hidden}`))
    .orderBy(desc(conversationMembers.lastMessageAt))
    .limit(limit)
  if (rows.length === 0) return []
  const conversationIds = rows.map((r) => r.conversationId)
  const [cards, lastMessages] = await Promise.all([
    selectProfileCards(db).where(
      and(
        inArray(
          profiles.userId,
          rows.map((r) => r.partnerUserId),
        ),
        reachable(),
        notBlockedWith(userId),
      ),
    ),
    queryRows<{
      conversation_id: number
      id: number
      kind: string
      body: string
      seconds: number | null
      closing: boolean | null
      sender_user_id: number
      created_at: string | Date
    }>(
      db,
      sql`select m.* from unnest(${sql.raw(`array[${conversationIds.map((id) => Math.trunc(Number(id))).join(',')}]`)}::int[]) c(id)
        cross join lateral (select conversation_id, id, kind, body, (payload->>'seconds')::float8 as seconds,
          (payload->>'closing')::boolean as closing, sender_user_id, created_at from ${messages}
          where conversation_id = c.id order by id desc limit 1) m`,
    ),
  ])
  const cardByUser = new Map(cards.map((c) => [c.userId, c]))
  const lastByConversation = new Map(lastMessages.map((m) => [Number(m.conversation_id), m]))
  return rows.flatMap((r) => {
    const card = cardByUser.get(r.partnerUserId)
    if (!card) return []
    const last = lastByConversation.get(r.conversationId)
    const visibleLast = last && Number(last.id) > Number(r.clearedUpTo) ? last : null
    return [{ ...r, partnerLastRead: Number(r.partnerLastRead), card, last: visibleLast }]
  })
}

/** A stored message as the API shows it (message_json.sql), its sender's profile joined. */
const messageJson = sql<Message>`message_json(${messages}, ${profiles.id})`

/** Which messages of a conversation: past `above`, and before a message id (older) or after one (newer). */
function messageRange(conversationId: number, range: { above: number; before?: number; after?: number }) {
  return and(
    eq(messages.conversationId, conversationId),
    gt(messages.id, Math.max(range.above, range.after ?? 0)),
    range.before === undefined ? undefined : lt(messages.id, range.before),
  )
}

/** A page of a conversation as the API shows it: newest first, or oldest first `after` an id. */
export async function selectMessagePage(
  db: Executor,
  conversationId: number,
  range: { above: number; before?: number; after?: number; limit: number },
): Promise<Message[]> {
  const rows = await db
    .select({ message: messageJson })
    .from(messages)
    .leftJoin(profiles, eq(profiles.userId, messages.senderUserId))
    .where(messageRange(conversationId, range))
    .orderBy(range.after === undefined ? desc(messages.id) : messages.id)
    .limit(range.limit)
  return rows.map((r) => r.message)
}

/** A page of a conversation's rows: before a message id (older) or after one (newer), newest first. */
export function selectMessages(
  db: Executor,
  conversationId: number,
  range: { above: number; before?: number; after?: number; limit: number },
) {
  return db
    .select()
    .from(messages)
    .where(messageRange(conversationId, range))
    .orderBy(range.after === undefined ? desc(messages.id) : messages.id)
    .limit(range.limit)
}

/** The oldest message id within the chat history limit (0 when the conversation is shorter). */
export async function selectHistoryFloor(db: Executor, conversationId: number, historyLimit: number) {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.id))
    .offset(historyLimit - 1)
    .limit(1)
  return rows[0]?.id ?? 0
}

export async function selectPartnerLastRead(db: Executor, conversationId: number, partnerUserId: number) {
  const row = await selectMembership(db, conversationId, partnerUserId)
  return row?.lastReadMessageId ?? 0
}

/** The card of a reachable chat partner (blocks are the caller's to check). */
export async function selectPartnerCard(db: Executor, profileId: number) {
  const rows = await selectProfileCards(db)
    .where(and(eq(profiles.id, profileId), reachable()))
    .limit(1)
  return rows[0] ?? null
}

/**
 * Whether the member's next message in a conversation (or the first one to a new partner, when
 * there is no conversation yet) is free: chat_send's welcome offer, read without sending. A free
 * member's opening message is free in up to `freeLimit` conversations.
 */
export async function selectNextMessageFree(
  db: Executor,
  userId: number,
  conversationId: number | null,
  freeLimit: number,
): Promise<boolean> {
  const [row] = await queryRows<{ free: boolean }>(
    db,
    sql`select (not u.paid_user
        and not coalesce((select cm.has_sent from ${conversationMembers} cm
          where cm.conversation_id = ${conversationId ?? 0} and cm.user_id = u.id), false)
        and (select count(*) from ${conversationMembers} f
          where f.user_id = u.id and f.free_opening) < ${freeLimit}) as free
      from users u where u.id = ${userId}`,
  )
  return row?.free === true
}

/**
 * A message the member received, in a conversation they are part of and have not removed it from,
 * with its sender's profile; null for their own messages and anyone else's conversations.
 */
export async function selectReceivedMessage(db: Executor, messageId: number, userId: number) {
  const rows = await db
    .select({ message: messageJson, senderProfileId: profiles.id })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, messages.conversationId),
        eq(conversationMembers.userId, userId),
        gt(messages.id, conversationMembers.clearedUpTo),
      ),
    )
    .innerJoin(profiles, eq(profiles.userId, messages.senderUserId))
    .where(and(eq(messages.id, messageId), sql`${messages.senderUserId} <> ${userId}`))
    .limit(1)
  return rows[0] ?? null
}
