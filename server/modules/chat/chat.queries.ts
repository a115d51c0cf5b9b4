import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import { type Executor, isUniqueViolation, queryPreparedRows, queryRows } from '#server/db/client.ts'
import { notBlockedWith, selectProfileCards } from '#server/db/profile-cards.ts'
import { conversationMembers, conversations, messages } from '#server/db/schema/chat.ts'
import { blocks, profiles, users } from '#server/db/schema/members.ts'

/**
 * A chat partner others may reach: an active profile whose account is neither deleted nor banned.
 * Invisible members stay reachable by the members they already chat with.
 */
export function reachable() {
  return sql`${profiles.status} = 'active' and not ${profiles.hidden}`
}

/** The member behind a profile, with what decides whether the viewer may write to them. */
export async function selectPartnerByProfile(db: Executor, profileId: number, viewerUserId: number) {
  const rows = await db
    .select({
      userId: profiles.userId,
      profileId: profiles.id,
      name: profiles.name,
      invisible: profiles.invisible,
      blockedByThem: sql<boolean>`exists (select 1 from ${blocks} b where b.blocker_user_id = ${profiles.userId} and b.blocked_user_id = ${viewerUserId})`,
      blockedByMe: sql<boolean>`exists (select 1 from ${blocks} b where b.blocker_user_id = ${viewerUserId} and b.blocked_user_id = ${profiles.userId})`,
    })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), reachable()))
    .limit(1)
  return rows[0] ?? null
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

/** The conversation of a pair, created when there is none; the pair is locked while looking. */
export async function findOrCreateConversation(db: Executor, userId: number, partnerUserId: number) {
  await db.execute(
    sql`select pg_advisory_xact_lock(${Math.min(userId, partnerUserId)}, ${Math.max(userId, partnerUserId)})`,
  )
  const existing = await selectMembershipWith(db, userId, partnerUserId)
  if (existing) return existing.conversationId
  const [created] = await db.insert(conversations).values({}).returning({ id: conversations.id })
  await db.insert(conversationMembers).values([
    { conversationId: created.id, userId, partnerUserId, hidden: true },
    { conversationId: created.id, userId: partnerUserId, partnerUserId: userId, hidden: true },
  ])
  return created.id
}

export type MessageRow = typeof messages.$inferSelect

/**
 * The sender's account, locked for the rest of the transaction (one send of a member at a time),
 * with their profile id and the id of the message already sent under this client_id, if any.
 */
export async function lockSender(db: Executor, userId: number, clientId: string) {
  const rows = await queryPreparedRows<{
    credits: number
    paid: boolean
    profile_id: number | null
    existing: number | null
  }>(
    db,
    sql`select u.credits, u.paid_user as paid,
        (select p.id from ${profiles} p where p.user_id = u.id) as profile_id,
        (select m.id from ${messages} m where m.sender_user_id = u.id and m.client_id = ${clientId}) as existing
      from ${users} u where u.id = ${userId} for update of u`,
  )
  const row = rows[0]
  return row
    ? {
        credits: Number(row.credits),
        paid: row.paid,
        profileId: row.profile_id === null ? null : Number(row.profile_id),
        existing: row.existing === null ? null : Number(row.existing),
      }
    : null
}

/** The message a member sent under a client_id, with their balance now. */
export async function selectMessageByClientId(db: Executor, senderUserId: number, clientId: string) {
  const rows = await db
    .select({ message: messages, credits: users.credits })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderUserId))
    .where(and(eq(messages.senderUserId, senderUserId), eq(messages.clientId, clientId)))
    .limit(1)
  return rows[0] ?? null
}

/**
 * A second send of the same client_id was refused: by the message's unique (sender, client_id), or
 * by the credits ledger, which keys the debit by the client_id too.
 */
export function isDuplicateClientId(error: unknown): boolean {
  return (
    isUniqueViolation(error, 'messages_client_id') ||
    (error as { code?: string } | null)?.code === 'credits.already_applied'
  )
}

export async function selectMessage(db: Executor, id: number) {
  const rows = await db.select().from(messages).where(eq(messages.id, id)).limit(1)
  return rows[0] ?? null
}

export interface SendTarget {
  conversationId: number | null
  partnerUserId: number
  partnerProfileId: number
  name: string
  invisible: boolean
  reachable: boolean
  blockedByThem: boolean
  blockedByMe: boolean
  /** The sender wrote in this conversation before. */
  hasSent: boolean
  /** How many free welcome messages the sender used (counted for free members only). */
  freeUsed: number
}

/** Whom a message goes to, by conversation or by profile, with all that decides whether it may go. */
export async function selectSendTarget(
  db: Executor,
  senderUserId: number,
  to: { conversation?: number; profile?: number },
  countFree: boolean,
): Promise<SendTarget | null> {
  const freeUsed = countFree
    ? sql`(select count(*)::int from ${conversationMembers} f where f.user_id = ${senderUserId} and f.free_opening)`
    : sql`0`
  const columns = sql`cm.conversation_id, p.user_id as partner_user_id, p.id as profile_id, p.name, p.invisible,
    (p.status = 'active' and not p.hidden) as reachable,
    exists (select 1 from ${blocks} b where b.blocker_user_id = p.user_id and b.blocked_user_id = ${senderUserId}) as blocked_by_them,
    exists (select 1 from ${blocks} b where b.blocker_user_id = ${senderUserId} and b.blocked_user_id = p.user_id) as blocked_by_me,
    coalesce(cm.has_sent, false) as has_sent, ${freeUsed} as free_used`
  const rows = await queryPreparedRows<Record<string, unknown>>(
    db,
    to.conversation !== undefined
      ? sql`select ${columns} from ${conversationMembers} cm join ${profiles} p on p.user_id = cm.partner_user_id
          where cm.conversation_id = ${to.conversation} and cm.user_id = ${senderUserId}`
      : sql`select ${columns} from ${profiles} p left join ${conversationMembers} cm
          on cm.user_id = ${senderUserId} and cm.partner_user_id = p.user_id
          where p.id = ${to.profile ?? 0}`,
  )
  const r = rows[0]
  if (!r) return null
  return {
    conversationId: r.conversation_id === null ? null : Number(r.conversation_id),
    partnerUserId: Number(r.partner_user_id),
    partnerProfileId: Number(r.profile_id),
    name: String(r.name),
    invisible: Boolean(r.invisible),
    reachable: Boolean(r.reachable),
    blockedByThem: Boolean(r.blocked_by_them),
    blockedByMe: Boolean(r.blocked_by_me),
    hasSent: Boolean(r.has_sent),
    freeUsed: Number(r.free_used),
  }
}

/**
 * Saves a message and updates both sides in one statement: the sender's side is read up to it and
 * visible, the partner's side visible with one more unread. Answers the message and the partner's
 * unread count.
 */
export async function insertMessageAndRecord(
  db: Executor,
  m: {
    conversationId: number
    senderUserId: number
    partnerUserId: number
    kind: string
    body: string
    giftKey: string | null
    photoFilename: string | null
    photoThumb: string | null
    cost: number
    clientId: string
    freeOpening: boolean
  },
): Promise<{ message: MessageRow; unread: number }> {
  const rows = await queryPreparedRows<{ id: number; created_at: string | Date; unread: number }>(
    db,
    sql`with msg as (
      insert into ${messages} (conversation_id, sender_user_id, kind, body, gift_key, photo_filename, photo_thumb, cost, client_id)
      values (${m.conversationId}, ${m.senderUserId}, ${m.kind}, ${m.body}, ${m.giftKey}, ${m.photoFilename}, ${m.photoThumb}, ${m.cost}, ${m.clientId})
      returning id, created_at
    ), mine as (
      update ${conversationMembers} set last_message_at = msg.created_at, hidden = false,
        last_read_message_id = msg.id, unread = 0, has_sent = true,
        free_opening = free_opening or ${m.freeOpening}
      from msg where conversation_id = ${m.conversationId} and user_id = ${m.senderUserId}
    ), theirs as (
      update ${conversationMembers} set last_message_at = msg.created_at, hidden = false, unread = unread + 1
      from msg where conversation_id = ${m.conversationId} and user_id = ${m.partnerUserId}
      returning unread
    )
    select msg.id, msg.created_at, (select unread from theirs) as unread from msg`,
  )
  const row = rows[0]
  return {
    message: {
      id: Number(row.id),
      conversationId: m.conversationId,
      senderUserId: m.senderUserId,
      kind: m.kind,
      body: m.body,
      giftKey: m.giftKey,
      photoFilename: m.photoFilename,
      photoThumb: m.photoThumb,
      cost: m.cost,
      clientId: m.clientId,
      createdAt: new Date(row.created_at),
    },
    unread: Number(row.unread ?? 0),
  }
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
      sender_user_id: number
      created_at: string | Date
    }>(
      db,
      sql`select m.* from unnest(${sql.raw(`array[${conversationIds.map((id) => Math.trunc(Number(id))).join(',')}]`)}::int[]) c(id)
        cross join lateral (select conversation_id, id, kind, body, sender_user_id, created_at from ${messages}
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

/** A page of a conversation: before a message id (older) or after one (newer), newest first. */
export function selectMessages(
  db: Executor,
  conversationId: number,
  range: { above: number; before?: number; after?: number; limit: number },
) {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        gt(messages.id, Math.max(range.above, range.after ?? 0)),
        range.before === undefined ? undefined : lt(messages.id, range.before),
      ),
    )
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

/** Reads the conversation up to its newest message; answers the new read mark. */
export async function markRead(db: Executor, conversationId: number, userId: number) {
  const [row] = await db
    .update(conversationMembers)
    .set({
      unread: 0,
      lastReadMessageId: sql`greatest(${conversationMembers.lastReadMessageId}, coalesce((select max(id) from ${messages} where conversation_id = ${conversationId}), 0))`,
    })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    )
    .returning({ lastRead: conversationMembers.lastReadMessageId })
  return Number(row?.lastRead ?? 0)
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

/** The card of a reachable chat partner (blocks are the caller's to check). */
export async function selectPartnerCard(db: Executor, profileId: number) {
  const rows = await selectProfileCards(db)
    .where(and(eq(profiles.id, profileId), reachable()))
    .limit(1)
  return rows[0] ?? null
}
