import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { emailTokens, loginFailures, sessions } from '#server/db/schema/accounts.ts'
import { photos, profiles, users } from '#server/db/schema/members.ts'

export function selectUserByEmail(db: Executor, siteId: number, email: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.siteId, siteId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1)
    .then((rows) => rows[0] ?? null)
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning()
  return row
}

export async function insertProfile(db: Executor, values: typeof profiles.$inferInsert) {
  const [row] = await db.insert(profiles).values(values).returning()
  return row
}

/** The member with profile and main photo, as GET /api/user.php shows them. */
export function selectAccount(db: Executor, userId: number) {
  return db
    .select({ user: users, profile: profiles, photo: photos })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0] ?? null)
}

export async function insertSession(db: Executor, userId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(sessions).values({ userId, tokenHash, expiresAt })
}

/** The live session of a token hash, with the ids the request needs. */
export function selectSession(db: Executor, tokenHash: string) {
  return db
    .select({
      userId: sessions.userId,
      siteId: users.siteId,
      status: users.status,
      deletedAt: users.deletedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .then((rows) => rows[0] ?? null)
}

export async function deleteSession(db: Executor, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
}

export async function insertEmailToken(
  db: Executor,
  values: { userId: number; purpose: string; tokenHash: string; expiresAt: Date; newEmail?: string },
) {
  await db.insert(emailTokens).values(values)
}

/** Marks an unused, unexpired token of that purpose used; answers its row, or null. */
export async function consumeEmailToken(db: Executor, tokenHash: string, purpose: string) {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning()
  return rows[0] ?? null
}

export async function countRecentTokens(db: Executor, userId: number, purpose: string, sinceHours: number) {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        gt(emailTokens.createdAt, sql`now() - make_interval(hours => ${sinceHours})`),
      ),
    )
  return Number(rows[0]?.n ?? 0)
}

export async function activateUser(db: Executor, userId: number) {
  await db
    .update(users)
    .set({ status: 'active' })
    .where(and(eq(users.id, userId), eq(users.status, 'not_confirmed')))
  await db
    .update(profiles)
    .set({ status: 'active' })
    .where(and(eq(profiles.userId, userId), eq(profiles.status, 'disabled')))
}

export async function updateUser(db: Executor, userId: number, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, userId))
}

export function selectLoginFailures(db: Executor, keys: string[]) {
  return db.select().from(loginFailures).where(sql`${loginFailures.key} in ${keys}`)
}

/**
 * Counts one failed login for a key within the window; once it reaches `max`, the key is blocked
 * for `blockMinutes` and the count starts again.
 */
export async function recordLoginFailure(
  db: Executor,
  key: string,
  max: number,
  windowMinutes: number,
  blockMinutes: number,
) {
  await db
    .insert(loginFailures)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${loginFailures.firstAt} < now() - make_interval(mins => ${windowMinutes}) then 1 else ${loginFailures.failures} + 1 end`,
        firstAt: sql`case when ${loginFailures.firstAt} < now() - make_interval(mins => ${windowMinutes}) then now() else ${loginFailures.firstAt} end`,
      },
    })
  await db
    .update(loginFailures)
    .set({
      blockedUntil: sql`now() + make_interval(mins => ${blockMinutes})`,
      failures: 0,
      firstAt: sql`now()`,
    })
    .where(and(eq(loginFailures.key, key), sql`${loginFailures.failures} >= ${max}`))
}

export async function clearLoginFailures(db: Executor, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, key))
}
