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
import type { BannedFaceMatch } from './banned-faces.ts'
import { users } from './members.ts'
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

/** A verified member's face: the embedding their live check gave, compared with later photos and accounts. */
export const verifiedFaces = pgTable('verified_faces', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  embedding: real('embedding').array().notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
})
