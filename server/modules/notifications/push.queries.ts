import { eq, sql } from 'drizzle-orm'
import type { StoredNotificationSettings } from '#common/notifications.ts'
import { type Executor, queryRows } from '#server/db/client.ts'
import { pushSubscriptions } from '#server/db/schema/accounts.ts'

export interface PushTarget {
  userId: number
  endpoint: string
  p256dh: string
  auth: string
  siteId: number
  language: string
  settings: StoredNotificationSettings
}

/**
 * The push subscriptions of these members to whom a push may go now (ADR 19): off the site (no
 * visible page), active, not suspended, not a demo or fictional profile. A member absent from the
 * answer gets none. The members are one parameter,
 * so every batch is the same statement.
 */
export function selectPushTargets(db: Executor, userIds: number[], now: Date): Promise<PushTarget[]> {
  return queryRows<PushTarget>(
    db,
    sql`select u.id as "userId", s.endpoint, s.p256dh, s.auth, u.site_id as "siteId", u.language,
        u.notification_settings as settings
      from users u
      join push_subscriptions s on s.user_id = u.id
      join profiles p on p.user_id = u.id
      where u.id = any(string_to_array(${userIds.join(',')}, ',')::int[]) and u.status = 'active'
        and not u.demo and not p.fictional
        and (u.suspended_until is null or u.suspended_until < ${now})
        and (u.online_until is null or u.online_until <= ${now})`,
  )
}

/** The name a push shows for a profile. */
export async function selectProfileName(
  db: Executor,
  profileId: number,
): Promise<{ name: string; fictional: boolean } | null> {
  const rows = await queryRows<{ name: string; fictional: boolean }>(
    db,
    sql`select name, fictional from profiles where id = ${profileId}`,
  )
  return rows[0] ?? null
}

/** A subscription the push service says is gone (404 or 410). */
export async function deleteSubscription(db: Executor, endpoint: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
}
