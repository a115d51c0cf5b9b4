import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import { type Executor, queryPreparedRows } from '#server/db/client.ts'
import { emailTokens, pushSubscriptions, sessions } from '#server/db/schema/accounts.ts'
import { photos, profiles, users } from '#server/db/schema/members.ts'
import { payments } from '#server/db/schema/payments.ts'

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
    .select({
      user: users,
      profile: profiles,
      photo: photos,
      /** The last bundle paid for, at what was paid: what a credit is worth to the member (ADR 32). */
      lastPaid: sql<{ credits: number; amount: number; currency: string } | null>`(
        select json_build_object('credits', p.credits, 'amount', p.amount, 'currency', p.currency)
        from payments p where p.user_id = ${users.id} and p.credited_at is not null
        order by p.credited_at desc limit 1)`,
    })
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

/**
 * The live sessions among these token hashes at `at`, with their members (session_member's rule);
 * the requests of one moment share this call. The hashes are hex, so they travel as one
 * comma-separated parameter.
 */
export async function selectSessions(db: Executor, tokenHashes: string[], at: Date) {
  const rows = await queryPreparedRows<{
    token_hash: string
    user_id: number
    site_id: number
  }>(
    db,
    sql`select h.token_hash, m.user_id, m.site_id
      from unnest(string_to_array(${tokenHashes.join(',')}, ',')) as h(token_hash)
      cross join lateral session_member(h.token_hash, ${at.toISOString()}::timestamptz) m`,
  )
  return rows.map((r) => ({
    tokenHash: r.token_hash,
    userId: Number(r.user_id),
    siteId: Number(r.site_id),
  }))
}

export async function deleteSession(db: Executor, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
}

export async function insertEmailToken(
  db: Executor,
  values: {
    userId: number
    purpose: string
    tokenHash: string
    createdAt: Date
    expiresAt: Date
    newEmail?: string
  },
) {
  await db.insert(emailTokens).values(values)
}

/** Marks an unused, unexpired token of that purpose used; answers its row, or null. */
export async function consumeEmailToken(db: Executor, tokenHash: string, purpose: string, at: Date) {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, at),
      ),
    )
    .returning()
  return rows[0] ?? null
}

/** The account a link token (used or not, expired or not) was made for, with its status. */
export async function selectTokenAccount(db: Executor, tokenHash: string, purpose: string) {
  const rows = await db
    .select({ userId: users.id, status: users.status })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .limit(1)
  return rows[0] ?? null
}

export async function countRecentTokens(db: Executor, userId: number, purpose: string, since: Date) {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailTokens)
    .where(
      and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), gt(emailTokens.createdAt, since)),
    )
  return Number(rows[0]?.n ?? 0)
}

export async function activateUser(db: Executor, userId: number, at: Date) {
  await db
    .update(users)
    .set({ status: 'active', confirmedAt: at })
    .where(and(eq(users.id, userId), eq(users.status, 'not_confirmed')))
  await db
    .update(profiles)
    .set({ status: 'active' })
    .where(and(eq(profiles.userId, userId), eq(profiles.status, 'disabled')))
}

export async function updateUser(db: Executor, userId: number, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, userId))
}

export function selectUserById(db: Executor, userId: number) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0] ?? null)
}

/** Ends every session of a member, but the one whose hash is kept. */
export async function deleteUserSessions(db: Executor, userId: number, keepTokenHash: string | null = null) {
  await db
    .delete(sessions)
    .where(
      and(eq(sessions.userId, userId), keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined),
    )
}

/** Voids the unused tokens of a purpose (a newer link replaces older ones). */
export async function voidEmailTokens(db: Executor, userId: number, purpose: string, at: Date) {
  await db
    .update(emailTokens)
    .set({ usedAt: at })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)))
}

export async function selectProfileName(db: Executor, userId: number): Promise<string> {
  const rows = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1)
  return rows[0]?.name ?? ''
}

/** Marks an account deleted now; its profile disappears from every member-facing view at once. */
export async function markDeleted(
  db: Executor,
  userId: number,
  reason: string,
  remarks: string | null,
  at: Date,
) {
  await db
    .update(users)
    .set({ deletedAt: at, deleteReason: reason, deleteRemarks: remarks })
    .where(eq(users.id, userId))
  await db.update(profiles).set({ hidden: true }).where(eq(profiles.userId, userId))
}

/** Undoes a deletion made after `since`; answers whether it did. */
export async function restoreDeleted(db: Executor, userId: number, since: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletedAt: null, deleteReason: null, deleteRemarks: null })
    .where(and(eq(users.id, userId), gt(users.deletedAt, since)))
    .returning({ id: users.id })
  if (rows.length === 0) return false
  await db.update(profiles).set({ hidden: false }).where(eq(profiles.userId, userId))
  return true
}

/**
 * Accounts deleted before `before`, to erase, but not while a refund is owed to one of them (the
 * provider has not confirmed it yet): its payment row is what asks again (ADR 32).
 */
export function selectExpiredDeletions(db: Executor, before: Date, limit: number) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        lt(users.deletedAt, before),
        sql`not exists (select 1 from ${payments} p where p.user_id = ${users.id} and p.status = 'paid' and p.refunded_at is not null and p.refund_id is null)`,
      ),
    )
    .limit(limit)
}

export function selectPhotoFiles(db: Executor, userId: number) {
  return db
    .select({ filename: photos.filename, thumb: photos.thumbFilename })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .where(eq(profiles.userId, userId))
}

/** Erases an account for good; its profile, photos, sessions and tokens go with it (cascade). */
export async function deleteUser(db: Executor, userId: number) {
  await db.delete(users).where(eq(users.id, userId))
}

/** Saves a browser's push subscription for the member (an endpoint moves to whoever saved it last). */
export async function upsertPushSubscription(
  db: Executor,
  userId: number,
  endpoint: string,
  p256dh: string,
  auth: string,
) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint, p256dh, auth })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh, auth } })
}
