import { eq } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { staff, staffSessions } from '#server/db/schema/staff.ts'

export type StaffRow = typeof staff.$inferSelect

export function selectStaffByEmail(db: Executor, email: string) {
  return db
    .select()
    .from(staff)
    .where(eq(staff.email, email))
    .limit(1)
    .then((rows) => rows[0] ?? null)
}

export function selectStaffById(db: Executor, id: number) {
  return db
    .select()
    .from(staff)
    .where(eq(staff.id, id))
    .limit(1)
    .then((rows) => rows[0] ?? null)
}

export async function insertStaff(db: Executor, values: typeof staff.$inferInsert) {
  const [row] = await db.insert(staff).values(values).returning()
  return row
}

export async function updateStaff(db: Executor, id: number, values: Partial<typeof staff.$inferInsert>) {
  await db.update(staff).set(values).where(eq(staff.id, id))
}

export async function insertStaffSession(db: Executor, values: typeof staffSessions.$inferInsert) {
  const [row] = await db.insert(staffSessions).values(values).returning({ id: staffSessions.id })
  return row.id
}

/** A session by its token's hash, with its staff member. */
export function selectStaffSession(db: Executor, tokenHash: string) {
  return db
    .select({ session: staffSessions, staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, tokenHash))
    .limit(1)
    .then((rows) => rows[0] ?? null)
}

export async function updateStaffSession(
  db: Executor,
  id: number,
  values: Partial<typeof staffSessions.$inferInsert>,
) {
  await db.update(staffSessions).set(values).where(eq(staffSessions.id, id))
}

export async function deleteStaffSession(db: Executor, id: number) {
  await db.delete(staffSessions).where(eq(staffSessions.id, id))
}

/** Every staff account. */
export function selectStaffList(db: Executor) {
  return db
    .select({
      id: staff.id,
      email: staff.email,
      role: staff.role,
      status: staff.status,
      enrolled: staff.totpEnrolledAt,
      createdAt: staff.createdAt,
    })
    .from(staff)
    .orderBy(staff.email)
}

export async function deleteStaffSessionsOf(db: Executor, staffId: number) {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId))
}

export async function updateStaffLanguage(db: Executor, staffId: number, language: string) {
  await db.update(staff).set({ language }).where(eq(staff.id, staffId))
}
