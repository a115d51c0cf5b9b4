// Verified humans (issue 37, ADR 28): the rules the page and the server share.

/** The poses a live check may ask for: two of them, drawn for each attempt among the site's. */
export const POSES = ['turn_left', 'turn_right', 'look_up', 'smile', 'close_eyes'] as const
export type Pose = (typeof POSES)[number]

/** Frames the page takes of each pose, a moment apart. */
export const FRAMES_PER_POSE = 3
/** Milliseconds between a pose's frames. */
export const FRAME_INTERVAL_MS = 350
/** The longest side of a frame the page sends, in pixels (the server refuses larger ones). */
export const FRAME_MAX_SIDE = 960

/** Failed checks in 24 hours after which the next one waits for a moderator. */
export const VERIFICATION_FAILURES_PER_DAY = 3
/** Attempts a member may start in 24 hours (each draws new poses). */
export const VERIFICATION_STARTS_PER_DAY = 12
/** Frames a moderator must look at are kept at most this long. */
export const VERIFICATION_FRAMES_KEPT_DAYS = 30
/** A check needs the main photo and at least one other active photo to match. */
export const VERIFICATION_MIN_PHOTOS = 2

/** Why a check fails, said to the member in their language. */
export const FAIL_REASONS = [
  'no_face',
  'several_faces',
  'face_too_small',
  'pose_not_seen',
  'poses_together',
  'not_the_same_face',
  'not_live',
  'no_profile_face',
  'not_the_profile_face',
  'refused_by_moderator',
] as const
export type FailReason = (typeof FAIL_REASONS)[number]

/** Whether a list of poses lets two different ones be drawn. */
export const drawablePoses = (poses: readonly Pose[]) => new Set(poses).size >= 2
