import { sql } from 'drizzle-orm'
import { TURN_LONG_WAIT_HOURS } from '#common/your-turn.ts'
import { type Executor, queryRows } from '#server/db/client.ts'
import { type MailedMember, mailable } from './notifications.queries.ts'

// "Your turn" reminders (issue 61, point 4): a member who read a real member's message and has not
// answered it for a day is reminded once for that wait, in one mail a day at most that names who
// waits. The mails' rules apply (ADR 19): the type's choice and its unsubscribe, no mail while the
// member is on the site. A fictional profile is never waiting for anyone here, and an unread
// message is the unread reminder's.

interface DueTurnReminder extends MailedMember {
  count: number
  partnerNames: string[]
  day: string
}

/** How far back a wait still earns a reminder: older ones are left in the chat list. */
const WAIT_REMINDED_DAYS = 7

/**
 * Members with conversations whose wait for their answer passed a day since their last "your turn"
 * reminder (one reminder for each wait), and no such mail today: how many, and the longest waits'
 * partners (three).
 */
export function selectDueTurnReminders(db: Executor, now: Date, limit: number) {
  const due = new Date(now.getTime() - TURN_LONG_WAIT_HOURS * 3_600_000)
  const since = new Date(now.getTime() - WAIT_REMINDED_DAYS * 86_400_000)
  const day = now.toISOString().slice(0, 10)
  return queryRows<DueTurnReminder>(
    db,
    sql`select cm.user_id as "userId", u.site_id as "siteId", u.email, u.language,
        u.notification_settings as settings, me.name, count(*)::int as count,
        (array_agg(partner.name order by cm.turn_since))[1:3] as "partnerNames", ${day} as day
      from conversation_members cm
      join conversations c on c.id = cm.conversation_id and c.closed_at is null
      join users u on u.id = cm.user_id
      join profiles me on me.user_id = cm.user_id
      join profiles partner on partner.user_id = cm.partner_user_id
      where cm.turn_since <= ${due} and cm.turn_since > ${since} and cm.unread = 0
        and ${mailable(now)} and not me.fictional
        and not partner.fictional and partner.status = 'active' and not partner.hidden
        and not exists (select 1 from blocks b
          where (b.blocker_user_id = cm.user_id and b.blocked_user_id = cm.partner_user_id)
             or (b.blocker_user_id = cm.partner_user_id and b.blocked_user_id = cm.user_id))
        -- A wait that began after the member's last reminder: one reminder for each wait.
        and cm.turn_since > coalesce((select max(n.sent_at) from notification_log n
              where n.user_id = cm.user_id and n.kind = 'turn'), '-infinity')
        and not exists (select 1 from notification_log n where n.key = 'turn:' || cm.user_id || ':' || ${day})
      group by cm.user_id, u.site_id, u.email, u.language, u.notification_settings, me.name
      limit ${limit}`,
  )
}
