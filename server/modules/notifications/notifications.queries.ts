import { eq, sql } from 'drizzle-orm'
import type { DisabledReason, StoredNotificationSettings } from '#common/notifications.ts'
import { type Executor, queryRows } from '#server/db/client.ts'
import { users } from '#server/db/schema/members.ts'
import { mailEvents, notificationLog } from '#server/db/schema/notifications.ts'

export async function selectSettings(db: Executor, userId: number) {
  const rows = await db
    .select({
      settings: users.notificationSettings,
      disabled: users.notificationsDisabled,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId))
  return rows[0] ?? null
}

export async function updateSettings(db: Executor, userId: number, settings: StoredNotificationSettings) {
  await db.update(users).set({ notificationSettings: settings }).where(eq(users.id, userId))
}

/** Mails go out again: the member cleared the reasons. */
export async function clearDisabled(db: Executor, userId: number) {
  await db.update(users).set({ notificationsDisabled: [] }).where(eq(users.id, userId))
}

/** Stops every mail to an address (a provider's bounce, complaint or unsubscribe); answers the members hit. */
export async function disableByEmail(db: Executor, email: string, reason: DisabledReason): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update users set notifications_disabled = array_append(notifications_disabled, ${reason})
      where lower(email) = lower(${email}) and not (${reason} = any(notifications_disabled))
      returning id`,
  )
  return rows.length
}

/** Keeps a provider's event id; false when it was already handled (a retried or replayed webhook). */
export async function recordMailEvent(
  db: Executor,
  event: { id: string; provider: string; event: string; recipient: string },
  at: Date,
): Promise<boolean> {
  const rows = await db
    .insert(mailEvents)
    .values({ ...event, receivedAt: at })
    .onConflictDoNothing()
    .returning({ id: mailEvents.id })
  return rows.length > 0
}

/** Claims a notification's once-only key; false when it was sent before (ADR 19). */
export async function claimNotification(
  db: Executor,
  entry: { key: string; userId: number; kind: string },
  at: Date,
): Promise<boolean> {
  const rows = await db
    .insert(notificationLog)
    .values({ ...entry, sentAt: at })
    .onConflictDoNothing()
    .returning({ key: notificationLog.key })
  return rows.length > 0
}

/** What a notification mail needs of its member: every job's rows have it. */
export interface MailedMember {
  userId: number
  siteId: number
  email: string
  language: string
  settings: StoredNotificationSettings
  name: string
}

/**
 * A member (`u`) a notification mail may go to now: active, not a demo member, not suspended, no
 * disabled reason, and off the site (ADR 19).
 */
export const mailable = (
  now: Date,
) => sql`u.status = 'active' and not u.demo and cardinality(u.notifications_disabled) = 0
  and (u.suspended_until is null or u.suspended_until < ${now})
  and (u.online_until is null or u.online_until <= ${now})`

interface DueMessageMail extends MailedMember {
  conversationId: number
  lastRead: number
  /** The member has never written in this conversation nor read it: a new conversation. */
  fresh: boolean
  partnerName: string
  /** The partner is a fictional profile: the mail carries its mark and the site's sentence (ADR 32). */
  partnerFictional: boolean
}

/**
 * The conversations whose first unread message is older than the quiet period, for members who are
 * off the site, take mails and were not mailed about it since they last read it (ADR 19). Messages
 * older than `since` are left alone (nobody is mailed about last month's messages).
 */
export async function selectDueMessageMails(
  db: Executor,
  now: Date,
  quietSeconds: number,
  limit: number,
): Promise<DueMessageMail[]> {
  const due = new Date(now.getTime() - quietSeconds * 1000)
  const since = new Date(now.getTime() - 2 * 86_400_000)
  return queryRows<DueMessageMail>(
    db,
    sql`select cm.user_id as "userId", u.site_id as "siteId", u.email, u.language,
        u.notification_settings as settings, cm.conversation_id as "conversationId",
        cm.last_read_message_id::int8 as "lastRead",
        (not cm.has_sent and cm.last_read_message_id = 0) as fresh,
        me.name, partner.name as "partnerName", partner.fictional as "partnerFictional"
      from conversation_members cm
      join users u on u.id = cm.user_id
      join profiles me on me.user_id = cm.user_id
      join profiles partner on partner.user_id = cm.partner_user_id
      where cm.unread > 0 and cm.last_message_at > ${since}
        and ${mailable(now)} and not me.fictional
        and (select min(m.created_at) from messages m
              where m.conversation_id = cm.conversation_id and m.id > cm.last_read_message_id
                and m.sender_user_id <> cm.user_id) <= ${due}
        and not exists (select 1 from notification_log l
              where l.key = 'message:' || cm.conversation_id || ':' || cm.user_id || ':' || cm.last_read_message_id)
      order by cm.last_message_at
      limit ${limit}`,
  ).then((rows) => rows.map((row) => ({ ...row, lastRead: Number(row.lastRead) })))
}

/** An open, visible page keeps its members on the site until `until` (the next heartbeat moves it on). */
export async function markOnline(db: Executor, userIds: number[], until: Date) {
  if (userIds.length === 0) return
  await db.execute(
    sql`update users set online_until = ${until} where id = any(${`{${userIds.join(',')}}`}::int[])`,
  )
}

/** The member left or hid the page: off the site from now, unless another page says otherwise. */
export async function markAway(db: Executor, userId: number, now: Date) {
  await db.execute(sql`update users set online_until = ${now} where id = ${userId} and online_until > ${now}`)
}

interface DueLikeMail extends MailedMember {
  count: number
  /** The newest likers' names, at most three. */
  names: string[]
  day: string
}

/**
 * Members with new likes (not seen yet, and made since their last like mail) whose first one waited
 * `batchSeconds`, off the site, taking mails, not mailed about likes on this UTC day (ADR 19): one
 * mail a day gathers them, and a like is in one mail only. Likers shown are real, visible members
 * (no fictional profile is named in a mail).
 */
export function selectDueLikeMails(db: Executor, now: Date, batchSeconds: number, limit: number) {
  const due = new Date(now.getTime() - batchSeconds * 1000)
  const since = new Date(now.getTime() - 2 * 86_400_000)
  const day = now.toISOString().slice(0, 10)
  return queryRows<DueLikeMail>(
    db,
    sql`select l.liked_user_id as "userId", u.site_id as "siteId", u.email, u.language,
        u.notification_settings as settings, me.name, count(*)::int as count,
        (array_agg(p.name order by l.created_at desc))[1:3] as names, ${day} as day
      from likes l
      join users u on u.id = l.liked_user_id
      join profiles me on me.user_id = l.liked_user_id
      join profiles p on p.user_id = l.liker_user_id
      where l.is_new and l.created_at > ${since}
        -- Each like is told once: only likes made after the member's last like mail.
        and l.created_at > coalesce((select max(n.sent_at) from notification_log n
              where n.user_id = l.liked_user_id and n.kind = 'likes'), '-infinity')
        and p.status = 'active' and not p.hidden and not p.fictional
        and ${mailable(now)}
        and not me.fictional
        and not exists (select 1 from notification_log n
              where n.key = 'likes:' || l.liked_user_id || ':' || ${day})
      group by l.liked_user_id, u.site_id, u.email, u.language, u.notification_settings, me.name
      having min(l.created_at) <= ${due}
      limit ${limit}`,
  )
}

interface DueUnreadReminder extends MailedMember {
  /** Unread messages, and the conversations they are in. */
  count: number
  partnerNames: string[]
  /** Whether each of `partnerNames` is a fictional profile (ADR 32). */
  partnerFictional: boolean[]
  day: string
}

/**
 * Members with an unread message that has waited a day (and less than a week) and that no reminder
 * told of yet, off the site, taking mails, not reminded on this UTC day (ADR 19): one reminder a day
 * at most, naming who wrote, and no message reminded of twice.
 */
export function selectDueUnreadReminders(db: Executor, now: Date, limit: number) {
  const due = new Date(now.getTime() - 86_400_000)
  const since = new Date(now.getTime() - 7 * 86_400_000)
  const day = now.toISOString().slice(0, 10)
  return queryRows<DueUnreadReminder>(
    db,
    sql`select cm.user_id as "userId", u.site_id as "siteId", u.email, u.language,
        u.notification_settings as settings, me.name, sum(cm.unread)::int as count,
        (array_agg(partner.name order by cm.last_message_at desc))[1:3] as "partnerNames",
        (array_agg(partner.fictional order by cm.last_message_at desc))[1:3] as "partnerFictional", ${day} as day
      from conversation_members cm
      join users u on u.id = cm.user_id
      join profiles me on me.user_id = cm.user_id
      join profiles partner on partner.user_id = cm.partner_user_id
      where cm.unread > 0 and cm.last_message_at > ${since}
        and ${mailable(now)}
        and not me.fictional
        -- A day-old unread message the member was not reminded of yet: one reminder per message.
        and exists (select 1 from messages m
              where m.conversation_id = cm.conversation_id and m.id > cm.last_read_message_id
                and m.sender_user_id <> cm.user_id and m.created_at <= ${due}
                and m.created_at > coalesce((select max(n.sent_at) from notification_log n
                      where n.user_id = cm.user_id and n.kind = 'unread'), '-infinity'))
        and not exists (select 1 from notification_log n where n.key = 'unread:' || cm.user_id || ':' || ${day})
      group by cm.user_id, u.site_id, u.email, u.language, u.notification_settings, me.name
      limit ${limit}`,
  )
}

interface DueSignupReminder extends MailedMember {
  /** 1: a day after signing up, 3: after three days (the key's part). */
  step: 1 | 3
}

/**
 * Members who signed up one to eight days ago and have not confirmed their address, with the
 * reminder now due (a day, then three days after signing up) and not yet written.
 */
export function selectDueSignupReminders(db: Executor, now: Date, limit: number) {
  const day = new Date(now.getTime() - 86_400_000)
  const third = new Date(now.getTime() - 3 * 86_400_000)
  const since = new Date(now.getTime() - 8 * 86_400_000)
  return queryRows<DueSignupReminder>(
    db,
    sql`select * from (
        select u.id as "userId", u.site_id as "siteId", u.email, u.language,
          u.notification_settings as settings, p.name,
          case when u.signup_date <= ${third} then 3 else 1 end as step
        from users u
        join profiles p on p.user_id = u.id
        where u.signup_date > ${since} and u.signup_date <= ${day}
          and u.status = 'not_confirmed' and u.deleted_at is null and not u.demo and not p.fictional
          and cardinality(u.notifications_disabled) = 0
      ) due
      where not exists (select 1 from notification_log n where n.key = 'signup:' || due."userId" || ':' || due.step)
      order by "userId"
      limit ${limit}`,
  )
}
