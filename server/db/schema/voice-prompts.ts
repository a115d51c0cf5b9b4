import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core'
import { profiles } from './members.ts'

/**
 * A profile's voice prompt (issue 58, point 6): its owner's answer, at most 30 seconds, to a prompt
 * of common/voice-prompts.ts, kept as the chat's voice notes are (AAC in MP4, its length and
 * waveform measured by the server). One per profile; moderated as a photo is (the site's
 * new_photo_status, then the console's queue).
 */
export const profileVoices = pgTable(
  'profile_voices',
  {
    profileId: integer('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** A key of VOICE_PROMPTS. */
    prompt: text('prompt').notNull(),
    /** Below the public media folder: u/YYYY-MM/<32 hex>.m4a. */
    filename: text('filename').notNull(),
    seconds: real('seconds').notNull(),
    levels: jsonb('levels').$type<number[]>().notNull(),
    /** active | pending (until a moderator approves it) | rejected (hidden, the member told why) */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When a moderator decided it; null while it waits in the queue. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
  },
  (t) => [index('profile_voices_waiting').on(t.createdAt).where(sql`reviewed_at is null`)],
)
