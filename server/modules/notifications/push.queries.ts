import { eq, sql } from 'drizzle-orm'
import type { StoredNotificationSettings } from '#common/notifications.ts'
import { type Executor, queryRows } from '#server/db/client.ts'
import { pushSubscriptions } from '#server/db/schema/accounts.ts'

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
  siteId: number
  language: string
  settings: StoredNotificationSettings
  profileId: number
}

/**
 * A member's push subscriptions when a push may go to them now (ADR 19): off the site (no visible
 * page), active, not suspended, not a demo or fictional profile. Empty otherwise.
 */
export function selectPushTargets(db: Executor, userId: number, now: Date): Promise<PushTarget[]> {
  return queryRows<PushTarget>(
    db,
    sql`select s.endpoint, s.p256dh, s.auth, u.site_id as "siteId", u.language,
        u.notification_settings as settings, p.id as "profileId"
      from users u
      join push_subscriptions s on s.user_id = u.id
      join profiles p on p.user_id = u.id
      where u.id = ${userId} and u.status = 'active' and not u.demo and not p.fictional
        and (u.suspended_until is null or u.suspended_until < ${now})
        and (u.online_until is null or u.online_until <= ${now})`,
  )
}

/** The name a push shows for a profile. */
export async function selectProfileName(db: Executor, profileId: number): Promise<string | null> {
  const rows = await queryRows<{ name: string }>(db, sql`select name from profiles where id = ${profileId}`)
  return rows[0]?.name ?? null
}

/** A subscription the push service says is gone (404 or 410). */
export async function deleteSubscription(db: Executor, endpoint: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
}
