import { z } from 'zod'
import { FAIL_REASONS, POSES } from '../verification.ts'

const Id = z.coerce.number().int().positive().max(2_147_483_647)

/** A member's live check as their page shows it (issue 37). */
export const Verification = z.object({
  id: z.number().int(),
  poses: z.tuple([z.enum(POSES), z.enum(POSES)]),
  status: z.enum(['open', 'deciding', 'verified', 'failed', 'review', 'abandoned']),
  /** Which poses' frames are in. */
  poses_sent: z.tuple([z.boolean(), z.boolean()]),
  reason: z.enum(FAIL_REASONS).nullable(),
})
export type Verification = z.infer<typeof Verification>

/** GET /api/verification.php: where the member stands. */
export const VerificationResponse = z.object({
  verified: z.boolean(),
  /** When the face was verified (it may wait for a new main photo to match it again). */
  verified_at: z.string().nullable(),
  verification: Verification.nullable(),
  /** Why the member may not start a check now, if so. */
  blocked: z
    .enum(['fictional', 'photos_needed', 'waiting_for_moderator', 'retry_tomorrow', 'too_many'])
    .nullable(),
})
export type VerificationResponse = z.infer<typeof VerificationResponse>

/** POST /api/verification-frame.php (multipart): one frame of a pose, in field `photo`. */
export const VerificationFrameFields = z.object({
  verification: Id,
  pose: z.coerce.number().int().min(0).max(1),
  n: z.coerce.number().int().min(0).max(9),
})

export const VerificationStartInput = z.object({})
export const VerificationStartResponse = z.object({ verification: Verification })

/**
 * What a moderator sees of a banned face a check or a photo matched (issue 60): how alike, the ban
 * (its report, when, its statement of reasons), the banned account, and the photo the face was
 * measured on while it still exists (no picture is kept for the list).
 */
export const BannedFaceView = z.object({
  similarity: z.number(),
  report: z.number().int(),
  user_id: z.number().int().nullable(),
  source: z.enum(['verification', 'photo']),
  reason: z.string(),
  banned_at: z.string().nullable(),
  photo: z.string().nullable(),
})
export type BannedFaceView = z.infer<typeof BannedFaceView>
/** The moderators' queue of checks that wait for them. */
export const VerificationQueueItem = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  profile_id: z.number().int().nullable(),
  name: z.string(),
  poses: z.array(z.enum(POSES)),
  reason: z.enum(FAIL_REASONS).nullable(),
  scores: z.record(z.string(), z.number()).nullable(),
  same_face_user_ids: z.array(z.number().int()),
  failures_today: z.number().int(),
  /** A face was seen in the frames (one person): a moderator may verify it, else only refuse. */
  can_verify: z.boolean(),
  sent_at: z.string(),
  /** The frames, per pose, as data URLs (the console alone sees them, and only while they wait). */
  frames: z.array(z.object({ pose: z.number().int(), n: z.number().int(), src: z.string() })),
  photos: z.array(z.string()),
  /** The banned face it matched (issue 60), with the ban's statement of reasons; null for none. */
  banned_face: BannedFaceView.nullable(),
})
export const VerificationQueueResponse = z.object({
  verifications: z.array(VerificationQueueItem),
  total: z.number().int(),
})
export type VerificationQueueResponse = z.infer<typeof VerificationQueueResponse>
export const VerificationDecisionInput = z.object({
  verification: z.number().int().positive().max(2_147_483_647),
  decision: z.enum(['verify', 'refuse']),
})
