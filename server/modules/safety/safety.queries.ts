import { and, between, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm'
import { SCAM_FLAGS } from '#common/safety.ts'
import { type Executor, queryRows } from '#server/db/client.ts'
import { messages } from '#server/db/schema/chat.ts'
import { users } from '#server/db/schema/members.ts'
import { safetyDays } from '#server/db/schema/statistics.ts'

/** Adds to a day's count of one safety event on a site. */
export async function addSafetyCount(
  db: Executor,
  row: { day: string; siteId: number; event: string; count: number },
) {
  await db
    .insert(safetyDays)
    .values(row)
    .onConflictDoUpdate({
      target: [safetyDays.day, safetyDays.siteId, safetyDays.event],
      set: { count: sql`${safetyDays.count} + excluded.count` },
    })
}

/** Each event's count over days (inclusive), on one site or all. */
export function selectSafetyCounts(db: Executor, range: { from: string; to: string; siteId?: number }) {
  return db
    .select({ event: safetyDays.event, count: sql<number>`sum(${safetyDays.count})::int` })
    .from(safetyDays)
    .where(
      and(
        between(safetyDays.day, range.from, range.to),
        range.siteId === undefined ? undefined : eq(safetyDays.siteId, range.siteId),
      ),
    )
    .groupBy(safetyDays.event)
}

/** A sender's messages with scam signs since a date, newest first (their scam score). */
export function selectFlaggedMessages(db: Executor, userId: number, since: Date) {
  return db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      body: messages.body,
      flags: messages.flags,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(
      and(
        eq(messages.senderUserId, userId),
        gt(messages.createdAt, since),
        sql`${messages.flags} && ${`{${SCAM_FLAGS.join(',')}}`}::text[]`,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(200)
}

/** Holds a member's new conversations from now, unless they are held already; true when held now. */
export async function holdOpenings(db: Executor, userId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ openingsHeldSince: at })
    .where(and(eq(users.id, userId), isNull(users.openingsHeldSince)))
    .returning({ id: users.id })
  return rows.length > 0
}

/** Since when a member's new conversations are held, or null. */
export async function selectOpeningsHeld(db: Executor, userId: number): Promise<Date | null> {
  const [row] = await db.select({ since: users.openingsHeldSince }).from(users).where(eq(users.id, userId))
  return row?.since ?? null
}

interface Decided {
  rule: string
  decided: number
  agreed: number
}

/**
 * Each rule's decisions by moderators between two instants (ADR 29): photos held as explicit
 * (agreed: rejected), reports made in one tap from a message by what it carried (agreed: any
 * outcome but dismiss), and signals by kind (agreed: a case opened).
 */
export async function selectRuleDecisions(
  db: Executor,
  range: { from: Date; until: Date; siteId?: number },
): Promise<Decided[]> {
  const site = (column: SQL) => (range.siteId === undefined ? sql`true` : sql`${column} = ${range.siteId}`)
  return queryRows<Decided>(
    db,
    sql`
    select 'explicit_photo' as rule, count(*)::int as decided,
        count(*) filter (where p.status = 'rejected')::int as agreed
      from photos p join profiles pr on pr.id = p.profile_id join users u on u.id = pr.user_id
      where p.reviewed_at >= ${range.from} and p.reviewed_at < ${range.until} and ${site(sql`u.site_id`)}
        and p.explicit
    union all
    select case c.reason when 'inappropriate_photo' then 'explicit_report' when 'harassment' then 'unkind_report'
        else 'scam_report' end as rule,
        count(*)::int as decided, count(*) filter (where c.outcome <> 'dismiss')::int as agreed
      from complaints c
      where c.decided_at >= ${range.from} and c.decided_at < ${range.until} and ${site(sql`c.site_id`)}
        and c.context->>'source' = 'message' and c.reason in ('inappropriate_photo', 'harassment', 'spam_scam')
      group by 1
    union all
    select a.before->>'kind' as rule, count(*)::int as decided,
        count(*) filter (where a.action = 'signal.open_case')::int as agreed
      from audit_log a
      where a.action in ('signal.dismiss', 'signal.open_case')
        and a.created_at >= ${range.from} and a.created_at < ${range.until}
        and ${range.siteId === undefined ? sql`true` : sql`exists (select 1 from users u where u.id = a.target_id::int and u.site_id = ${range.siteId})`}
      group by 1`,
  )
}
