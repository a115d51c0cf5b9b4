import { sql } from 'drizzle-orm'
import { index, integer, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { complaints } from './complaints.ts'
import { photos, users } from './members.ts'

/** A face that matched one of the ban list (issue 60), as a check or a photo keeps it for the moderators. */
export interface BannedFaceMatch {
  /** The row of banned_faces, the ban's report, and how alike the two faces are (cosine). */
  face: number
  report: number
  similarity: number
}

/**
 * The ban list's faces (issue 60, ADR 28): when a moderator bans a member, the face of their
 * verified check and of each of their photos, as embeddings only (no picture is kept here), for as
 * long as the ban stands: lifting it (an appeal) deletes its rows. A photo's row waits with no
 * embedding until the job measures it (`measure-banned-faces`); a photo with no face goes.
 */
export const bannedFaces = pgTable(
  'banned_faces',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The photo it was measured on (a moderator sees it beside the new face while it exists). */
    photoId: integer('photo_id').references(() => photos.id, { onDelete: 'set null' }),
    /** verification | photo */
    source: text('source').notNull(),
    embedding: real('embedding').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('banned_faces_report').on(t.reportId),
    index('banned_faces_waiting').on(t.id).where(sql`${t.embedding} is null`),
  ],
)
