import { eq } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { complaints } from '#server/db/schema/complaints.ts'
import { profiles, users } from '#server/db/schema/members.ts'

export async function insertComplaint(db: Executor, values: typeof complaints.$inferInsert) {
  const [row] = await db.insert(complaints).values(values).returning({ id: complaints.id })
  return row.id
}

/** Whether a profile exists at all (a report of it is kept for moderators, even of a hidden one). */
export function profileExists(db: Executor, profileId: number) {
  return db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .then((rows) => rows.length > 0)
}

/** The address and name a member's receipt goes to. */
export function selectAccountContact(db: Executor, userId: number) {
  return db
    .select({ email: users.email, name: profiles.name })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .then((rows) => rows[0] ?? null)
}
