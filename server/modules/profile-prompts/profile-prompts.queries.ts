import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { profiles } from '#server/db/schema/members.ts'
import { openingMoves, profilePrompts } from '#server/db/schema/profile-prompts.ts'

/** A member's profile id. */
export async function selectOwnProfile(db: Executor, userId: number) {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId))
  return row ?? null
}

/** A member's profile id, locked: their answers are replaced one save at a time. */
export async function lockOwnProfile(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for('update')
  return row ?? null
}

/** A fictional profile (locked for an operator's save); null for any other profile. */
export async function selectFictionalProfile(db: Executor, profileId: number, opts = { lock: false }) {
  const query = db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.fictional, true)))
  const [row] = opts.lock ? await query.for('update') : await query
  return row ?? null
}

/** The answers of these profiles, each profile's in its order. */
export function selectPromptsOf(db: Executor, profileIds: number[]) {
  if (profileIds.length === 0) return Promise.resolve([])
  return db
    .select({
      profileId: profilePrompts.profileId,
      prompt: profilePrompts.prompt,
      answer: profilePrompts.answer,
    })
    .from(profilePrompts)
    .where(inArray(profilePrompts.profileId, profileIds))
    .orderBy(asc(profilePrompts.profileId), asc(profilePrompts.position))
}

/** Puts these answers in place of the profile's. */
export async function replacePrompts(
  db: Executor,
  profileId: number,
  answers: ReadonlyArray<{ prompt: string; answer: string }>,
  at: Date,
) {
  await db.delete(profilePrompts).where(eq(profilePrompts.profileId, profileId))
  if (answers.length > 0)
    await db
      .insert(profilePrompts)
      .values(answers.map((a, position) => ({ profileId, position, ...a, updatedAt: at })))
}

/**
 * A profile's opening moves in order, each with its prompt's answer (null for a question of the
 * list, or for a prompt no longer answered).
 */
export function selectMovesWithAnswers(db: Executor, profileId: number) {
  return db
    .select({ move: openingMoves.move, answer: profilePrompts.answer })
    .from(openingMoves)
    .leftJoin(
      profilePrompts,
      and(eq(profilePrompts.profileId, openingMoves.profileId), eq(profilePrompts.prompt, openingMoves.move)),
    )
    .where(eq(openingMoves.profileId, profileId))
    .orderBy(asc(openingMoves.position))
}

/** A profile's opening moves' keys, in order. */
export async function selectMovesOf(db: Executor, profileId: number) {
  const rows = await db
    .select({ move: openingMoves.move })
    .from(openingMoves)
    .where(eq(openingMoves.profileId, profileId))
    .orderBy(asc(openingMoves.position))
  return rows.map((r) => r.move)
}

/** Puts these moves in place of the profile's. */
export async function replaceMoves(db: Executor, profileId: number, moves: readonly string[]) {
  await db.delete(openingMoves).where(eq(openingMoves.profileId, profileId))
  if (moves.length > 0)
    await db.insert(openingMoves).values(moves.map((move, position) => ({ profileId, position, move })))
}
