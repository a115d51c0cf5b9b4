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
  /**
   * The same person: the cosine of two embeddings at least this. Provisional (ADR 28): above every
   * pair of different people measured (0.63 at most), below every copy of one face (0.8 and more);
   * to be set again from pairs of the same person in different photos.
   */
  sameFace: 0.7,
  /**
   * A face of the ban list (issue 60): the cosine of a new face and a banned one at least this, and
   * the check or photo waits for a moderator. Measured on every pair of faces the model packages'
   * pictures hold and on same-face pairs made from them (ADR 28, `npm run bench:face-pairs`).
   */
  bannedFace: 0.7,
  /** Anti-spoofing: a frame's "real" score at least this (a screen or a print scores lower). */
  real: 0.5,
  /** Liveness: a frame's "live" score at least this. */
  live: 0.5,
} as const
