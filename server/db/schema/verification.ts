import { sql } from 'drizzle-orm'
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { complaints } from './complaints.ts'
import { type BannedFaceMatch, photos, users } from './members.ts'
import { staff } from './staff.ts'

// Verified humans (issue 37, ADR 28): a member's live checks, their frames until the decision, and
// the face of a verified member (its embedding only, never a picture).

/** A PostgreSQL `bytea` read and written as a Buffer. */
const binary = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})

/**
 * One attempt: the two poses drawn for it, and where it stands. `open` while the member takes the
 * frames; `deciding` once both poses' frames are in, until the job decides; then `verified`,
 * `failed` (the reason said to the member) or `review` (a moderator decides: a third failure in a
 * day); `abandoned` when the member starts another before sending this one.
 */
export const verifications = pgTable(
  'verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    poses: text('poses').array().notNull(),
    status: text('status').notNull().default('open'),
    /** Why it failed (or why the moderators look): a FailReason. */
    reason: text('reason'),
    /** The decision's scores (anti-spoofing, liveness, the match with the photos), for the moderators. */
    scores: jsonb('scores').$type<Record<string, number>>(),
    /** While a moderator must decide: the live face's embedding, deleted with the frames. */
    embedding: real('embedding').array(),
    /** Verified members of other accounts whose face this is (a signal, never told to the member). */
    sameFaceUserIds: integer('same_face_user_ids').array(),
    /** The banned face this one matched (issue 60): held for a moderator, never told to the member. */
    bannedFace: jsonb('banned_face').$type<BannedFaceMatch>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When a node took it to decide (another takes it again after a while, should that node stop). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => staff.id),
  },
  (t) => [
    index('verifications_user').on(t.userId, t.createdAt),
    index('verifications_deciding').on(t.sentAt, t.id).where(sql`${t.status} = 'deciding'`),
    index('verifications_review').on(t.sentAt, t.id).where(sql`${t.status} = 'review'`),
  ],
)

/** The frames of an attempt, per pose (0 or 1) and number: deleted as soon as it is decided. */
export const verificationFrames = pgTable(
  'verification_frames',
  {
    verificationId: integer('verification_id')
      .notNull()
      .references(() => verifications.id, { onDelete: 'cascade' }),
    pose: smallint('pose').notNull(),
    n: smallint('n').notNull(),
    image: binary('image').notNull(),
  },
  (t) => [primaryKey({ columns: [t.verificationId, t.pose, t.n] })],
)

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

/** A verified member's face: the embedding their live check gave, compared with later photos and accounts. */
export const verifiedFaces = pgTable('verified_faces', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  embedding: real('embedding').array().notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
})
