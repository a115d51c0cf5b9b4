import { eq } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { complaints } from '#server/db/schema/complaints.ts'
import { profiles } from '#server/db/schema/members.ts'

export async function insertComplaint(db: Executor, values: typeof complaints.$inferInsert) {
  const [row] = await db.insert(complaints).values(values).returning({ id: complaints.id })
  return row.id
}

export function selectProfileName(db: Executor, profileId: number) {
  return db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .then((rows) => rows[0]?.name ?? null)
}
