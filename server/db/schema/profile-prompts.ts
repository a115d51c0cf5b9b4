import { integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { profiles } from './members.ts'

/**
 * A profile's written prompts (issue 61, point 1): up to three answers, in the order the member
 * gave them, each to a prompt of common/profile-prompts.ts (its key). Removed with the profile.
 */
export const profilePrompts = pgTable(
  'profile_prompts',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** A key of PROFILE_PROMPTS. */
    prompt: text('prompt').notNull(),
    answer: text('answer').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.position] })],
)

/**
 * A profile's opening moves (issue 61, point 2): up to three, in order, each a key of
 * common/opening-moves.ts (one of its prompts, which counts only while it is answered, or a question
 * of the list). Removed with the profile.
 */
export const openingMoves = pgTable(
  'opening_moves',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    move: text('move').notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.position] })],
)
