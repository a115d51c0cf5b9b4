// Failed logins per key (an address, an account from an address, an account), for the temporary
// blocks of members' and staff logins alike (server/lib/login-throttles.ts names the keys).
import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from './client.ts'
import { loginFailures } from './schema/accounts.ts'

export function selectLoginFailures(db: Executor, keys: string[]) {
  return db.select().from(loginFailures).where(sql`${loginFailures.key} in ${keys}`)
}

/**
 * Counts one failed login for a key within the window that starts at its first failure; once the
 * count reaches `max`, the key is blocked until `blockedUntil` and the count starts again.
 */
export async function recordLoginFailure(
  db: Executor,
  key: string,
  limit: { max: number; windowStart: Date; blockedUntil: Date },
  at: Date,
) {
  await db
    .insert(loginFailures)
    .values({ key, failures: 1, firstAt: at })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${loginFailures.firstAt} < ${limit.windowStart} then 1 else ${loginFailures.failures} + 1 end`,
        firstAt: sql`case when ${loginFailures.firstAt} < ${limit.windowStart} then ${at} else ${loginFailures.firstAt} end`,
      },
    })
  await db
    .update(loginFailures)
    .set({ blockedUntil: limit.blockedUntil, failures: 0, firstAt: at })
    .where(and(eq(loginFailures.key, key), sql`${loginFailures.failures} >= ${limit.max}`))
}

export async function clearLoginFailures(db: Executor, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, key))
}
