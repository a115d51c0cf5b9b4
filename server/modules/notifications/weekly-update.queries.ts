import { sql } from 'drizzle-orm'
import { type Executor, queryRows } from '#server/db/client.ts'
import { type MailedMember, mailable } from './notifications.queries.ts'

/** A member who joined this week, as a weekly update names them. */
export interface NewMember {
  userId: number
  name: string
  country: string
  regionId: number | null
  region: string | null
  gender: string
}

/** How many new members a weekly update names. */
export const WEEKLY_NAMES = 6

/**
 * The newest members of the last seven days, at most WEEKLY_NAMES per country, region and gender:
 * real, visible members only (no demo member, no fictional profile is news). One query per run.
 */
export function selectNewMembers(db: Executor, now: Date): Promise<NewMember[]> {
  const since = new Date(now.getTime() - 7 * 86_400_000)
  return queryRows<NewMember>(
    db,
    sql`select user_id as "userId", name, country, region_id as "regionId", region, gender from (
        select p.user_id, p.name, p.country, p.region_id, r.name as region, p.gender,
          row_number() over (partition by p.country, p.region_id, p.gender order by u.signup_date desc) as rank
        from users u
        join profiles p on p.user_id = u.id
        left join regions r on r.id = p.region_id
        where u.signup_date > ${since} and u.signup_date <= ${now} and not u.demo and not p.fictional
          and p.status = 'active' and not p.invisible and not p.hidden
      ) newest where rank <= ${WEEKLY_NAMES}`,
  )
}

export interface WeeklyRecipient extends MailedMember {
  country: string
  regionId: number | null
  gender: string
  sexuality: string | null
}

/** The next members (by id, after `afterId`) a weekly update of `week` may go to. */
export function selectWeeklyRecipients(
  db: Executor,
  now: Date,
  week: string,
  afterId: number,
  limit: number,
) {
  return queryRows<WeeklyRecipient>(
    db,
    sql`select u.id as "userId", u.site_id as "siteId", u.email, u.language, u.notification_settings as settings,
        me.name, me.country, me.region_id as "regionId", me.gender, me.sexuality
      from users u
      join profiles me on me.user_id = u.id
      where u.id > ${afterId} and ${mailable(now)} and not me.fictional and me.status = 'active'
        and not exists (select 1 from notification_log n where n.key = 'weekly:' || u.id || ':' || ${week})
      order by u.id
      limit ${limit}`,
  )
}
