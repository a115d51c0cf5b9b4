/**
 * Every threshold of the face check in one place (ADR 28 gives the measurements behind each).
 * Angles are in radians, as the face mesh gives them: yaw is positive when the face turns towards
 * the picture's left (the person's own right), pitch positive when it looks down.
 */
export const FACE_THRESHOLDS = {
  /** A head turned left or right: the face's yaw past this (about 14°). */
  turnYaw: 0.25,
  /** Looking up: the face's pitch below minus this (about 9°). */
  lookUpPitch: 0.15,
  /** Facing the camera: yaw and pitch both within this (about 11°). */
  facingCamera: 0.2,
  /** A smile: the expression model's "happy" score at least this. */
  smile: 0.6,
  /** A face large enough to judge: its box at least this share of the frame's shorter side. */
  minFaceShare: 0.2,
} as const
