// The calls' rows (issue 59): a conversation's consent, the live calls and their state, in SQL that
// compares with the time it is given (ADR 13).
import { and, eq, getTableColumns, gt, inArray, ne, or, sql } from 'drizzle-orm'
import type { CallEndReason } from '#common/calls.ts'
import { type Executor, queryRows } from '#server/db/client.ts'
import { calls } from '#server/db/schema/calls.ts'
import { conversationMembers } from '#server/db/schema/chat.ts'
import { photos, profiles, users } from '#server/db/schema/members.ts'

export type CallRow = typeof calls.$inferSelect

/** A member's side of a conversation with what decides whether it offers calls; null when not theirs. */
export async function selectCallSides(db: Executor, conversationId: number, userId: number) {
  const rows = await queryRows<{
    partner: number
    mine: boolean
    theirs: boolean
    both_wrote: boolean
    fictional: boolean
    gone: boolean
    blocked: boolean
  }>(
    db,
    sql`select me.partner_user_id as partner, me.calls_allowed as mine, them.calls_allowed as theirs,
          (me.has_sent and them.has_sent) as both_wrote, p.fictional or mp.fictional as fictional,
          (p.hidden or p.status <> 'active') as gone,
          exists (select 1 from blocks b where (b.blocker_user_id = me.user_id and b.blocked_user_id = me.partner_user_id)
            or (b.blocker_user_id = me.partner_user_id and b.blocked_user_id = me.user_id)) as blocked
        from ${conversationMembers} me
        join ${conversationMembers} them on them.conversation_id = me.conversation_id and them.user_id = me.partner_user_id
        join ${profiles} p on p.user_id = me.partner_user_id
        join ${profiles} mp on mp.user_id = me.user_id
        where me.conversation_id = ${conversationId} and me.user_id = ${userId}`,
  )
  return rows[0] ?? null
}

export async function updateConsent(db: Executor, conversationId: number, userId: number, allowed: boolean) {
  await db
    .update(conversationMembers)
    .set({ callsAllowed: allowed })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    )
}

/** Whether a member is in a call (ringing, or answered) on either side. */
export async function inCall(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: calls.id })
    .from(calls)
    .where(and(ne(calls.state, 'ended'), or(eq(calls.callerUserId, userId), eq(calls.calleeUserId, userId))))
    .limit(1)
  return rows.length > 0
}

export async function selectCredits(db: Executor, userId: number): Promise<number> {
  const rows = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId))
  return rows[0]?.credits ?? 0
}

/** A caller as the callee's ring shows them: name, main photo's thumbnail, verified. */
export async function selectCaller(db: Executor, userId: number) {
  const rows = await db
    .select({
      profileId: profiles.id,
      name: profiles.name,
      verified: profiles.verified,
      thumb: photos.thumbFilename,
      photoStatus: photos.status,
    })
    .from(profiles)
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(eq(profiles.userId, userId))
  return rows[0] ?? null
}

/** The call ringing to a member at `now`, if any: a page they open then rings too (ADR 37). */
export async function selectRingingTo(db: Executor, userId: number, now: Date) {
  const rows = await db
    .select()
    .from(calls)
    .where(and(eq(calls.calleeUserId, userId), eq(calls.state, 'ringing'), gt(calls.ringEndsAt, now)))
    .limit(1)
  return rows[0] ?? null
}

export async function insertCall(db: Executor, row: typeof calls.$inferInsert) {
  const [inserted] = await db.insert(calls).values(row).returning()
  return inserted
}

/** A live call of a member (either side), locked for its change when `lock`. */
export async function selectLiveCall(db: Executor, callId: number, userId: number) {
  const rows = await db
    .select()
    .from(calls)
    .where(
      and(
        eq(calls.id, callId),
        ne(calls.state, 'ended'),
        or(eq(calls.callerUserId, userId), eq(calls.calleeUserId, userId)),
      ),
    )
    .for('update')
  return rows[0] ?? null
}

/** A member's call, live or not (a report after it ended). */
export async function selectCallOf(db: Executor, callId: number, userId: number) {
  const rows = await db
    .select()
    .from(calls)
    .where(and(eq(calls.id, callId), or(eq(calls.callerUserId, userId), eq(calls.calleeUserId, userId))))
  return rows[0] ?? null
}

/**
 * Ends a live call; answers it as it ended, with whether it was still ringing then (read from the row
 * locked as it ends, so a decline that commits first is seen as one), or null when it had ended.
 */
export async function updateEnded(db: Executor, callId: number, reason: CallEndReason, at: Date) {
  const live = db
    .select({ id: calls.id, rang: sql<boolean>`${calls.state} = 'ringing'`.as('rang') })
    .from(calls)
    .where(and(eq(calls.id, callId), ne(calls.state, 'ended')))
    .for('update')
    .as('live')
  const [row] = await db
    .update(calls)
    .set({ state: 'ended', endReason: reason, endedAt: at, nextChargeAt: null })
    .from(live)
    .where(eq(calls.id, live.id))
    .returning({ ...getTableColumns(calls), rang: live.rang })
  if (!row) return null
  const { rang, ...call } = row
  return { call, rang }
}

/** The callee says no: nothing changes for the caller, whose ring runs to its end. */
export async function updateDeclined(db: Executor, callId: number, calleeUserId: number) {
  const rows = await db
    .update(calls)
    .set({ state: 'declined' })
    .where(and(eq(calls.id, callId), eq(calls.calleeUserId, calleeUserId), eq(calls.state, 'ringing')))
    .returning({ id: calls.id })
  return rows.length > 0
}

export async function updateAnswered(db: Executor, callId: number, session: string, at: Date) {
  const rows = await db
    .update(calls)
    .set({ state: 'active', answeredAt: at, calleeSession: session, nextChargeAt: at })
    .where(and(eq(calls.id, callId), eq(calls.state, 'ringing'), sql`${calls.ringEndsAt} > ${at}`))
    .returning()
  return rows[0] ?? null
}

export async function updateCharged(db: Executor, callId: number, minutes: number, next: Date) {
  await db.update(calls).set({ minutesCharged: minutes, nextChargeAt: next }).where(eq(calls.id, callId))
}

/**
 * The rings that are over by `now`, ended as unanswered whatever the callee did: the ended rows, each
 * with whether it was still ringing (a call the callee missed) or declined (or the callee was in a
 * call), read from the row locked as it ends, in one statement.
 */
export async function endRingsDue(db: Executor, now: Date) {
  const due = db
    .select({ id: calls.id, missed: sql<boolean>`${calls.state} = 'ringing'`.as('missed') })
    .from(calls)
    .where(and(inArray(calls.state, ['ringing', 'declined']), sql`${calls.ringEndsAt} <= ${now}`))
    .for('update')
    .as('due')
  const rows = await db
    .update(calls)
    .set({ state: 'ended', endReason: 'no_answer', endedAt: sql`${calls.ringEndsAt}` })
    .from(due)
    .where(eq(calls.id, due.id))
    .returning({ ...getTableColumns(calls), missed: due.missed })
  return rows.map(({ missed, ...call }) => ({ call, missed }))
}

/** The answered calls whose next minute is due, locked (others' sweeps skip them). */
export async function lockChargesDue(db: Executor, now: Date) {
  return db
    .select()
    .from(calls)
    .where(and(eq(calls.state, 'active'), sql`${calls.nextChargeAt} <= ${now}`))
    .orderBy(calls.nextChargeAt)
    .limit(100)
    .for('update', { skipLocked: true })
}

/** A member's live calls, with the sessions they were made from, and whether each still holds. */
export async function selectLiveWithSessions(db: Executor, userId: number, now: Date) {
  return queryRows<{ id: number; holds: boolean }>(
    db,
    sql`select c.id,
          exists (select 1 from sessions s where s.token_hash = case when c.caller_user_id = ${userId} then c.caller_session else c.callee_session end
            and s.expires_at > ${now}) as holds
        from ${calls} c
        where c.state <> 'ended' and (c.caller_user_id = ${userId} or (c.callee_user_id = ${userId} and c.callee_session is not null))`,
  )
}

/** The live calls between two members, or in one conversation. */
export async function selectLiveBetween(db: Executor, a: number, b: number) {
  return db
    .select({ id: calls.id })
    .from(calls)
    .where(
      and(
        ne(calls.state, 'ended'),
        or(
          and(eq(calls.callerUserId, a), eq(calls.calleeUserId, b)),
          and(eq(calls.callerUserId, b), eq(calls.calleeUserId, a)),
        ),
      ),
    )
}

export async function selectLiveInConversation(db: Executor, conversationId: number) {
  return db
    .select({ id: calls.id })
    .from(calls)
    .where(and(ne(calls.state, 'ended'), eq(calls.conversationId, conversationId)))
}
