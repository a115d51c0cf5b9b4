import type { FailReason } from '#common/verification.ts'
import { faceSimilarity } from './face-analyzer.ts'
import type { FaceFinding } from './face-messages.ts'
import { frameProblem, type Pose, poseSeen } from './face-poses.ts'
import { FACE_THRESHOLDS as T } from './face-thresholds.ts'

/** A frame of the live check: the pose it was taken for, and what the face thread saw in it. */
export interface CheckFrame {
  /** The pose asked for (the frames come in the order they were taken: the first pose's first). */
  pose: Pose
  analysis: { width: number; height: number; faces: FaceFinding[] }
}

type Decision =
  | {
      outcome: 'verified'
      /** The live face's embedding (the frames' mean), kept to compare later photos and accounts. */
      embedding: number[]
      scores: Scores
      /** Verified members of other accounts with this face: a signal for the moderators. */
      sameFaceElsewhere: number[]
    }
  | {
      outcome: 'failed'
      reason: FailReason
      scores: Scores
      /** The live face, when the frames held one: a moderator may still verify it. */
      embedding: number[] | null
    }

interface Scores {
  /** The lowest of each across the frames. */
  real: number
  live: number
  /** The least alike frame against the frames' mean face: one person throughout. */
  same: number
  /** The live face against the main photo and the best other photo. */
  main: number
  other: number
}

/** The mean of embeddings, each first scaled to length 1: one face from several frames. */
function meanEmbedding(embeddings: number[][]): number[] {
  const mean = new Array<number>(embeddings[0]?.length ?? 0).fill(0)
  for (const e of embeddings) {
    const length = Math.hypot(...e) || 1
    for (let i = 0; i < e.length; i++) mean[i] += e[i] / length / embeddings.length
  }
  return mean
}

/**
 * Whether the frames could all be one still picture (issue 37, ADR 28): a printed photo or a screen
 * shows the same pose in every frame, so a picture that shows both poses asked (turned to the right
 * and smiling, say) would pass both. A live face lets go of the first pose for the second: some
 * frame of the second pose must not show the first. The anti-spoofing model does not tell such a
 * picture from a face (ADR 28's measurements); this rule does, whatever the picture's quality.
 */
function onePictureForBoth(frames: CheckFrame[]): boolean {
  const first = frames[0]?.pose
  const second = frames.filter((f) => f.pose !== first)
  return second.length > 0 && second.every((f) => poseSeen(f.analysis.faces[0], first))
}

/**
 * The decision on a live check (issue 37, ADR 28): each frame holds exactly one face, large enough,
 * in the pose asked for; every frame passes anti-spoofing and liveness; the live face matches the
 * profile's main photo and at least one other active photo. A face that matches a verified member
 * of another account passes the check but is reported to the moderators (never to the member).
 */
export function decideVerification(input: {
  frames: CheckFrame[]
  /** The embeddings of the faces in the profile's active photos, the main one first (null: no face). */
  mainPhoto: number[] | null
  otherPhotos: number[][]
  /** Verified members of other accounts, with their verified face. */
  verifiedElsewhere: Array<{ userId: number; embedding: number[] }>
}): Decision {
  const scores: Scores = { real: 1, live: 1, same: 1, main: 0, other: 0 }
  // Whatever fails, the face of the frames that hold one is kept for a moderator who may verify it.
  const single = input.frames.filter((f) => !frameProblem(f.analysis)).map((f) => f.analysis.faces[0])
  const seen = single.length > 0 ? meanEmbedding(single.map((f) => f.embedding)) : null
  const fail = (reason: FailReason, embedding: number[] | null = seen) =>
    ({ outcome: 'failed', reason, scores, embedding }) as const
  // Anti-spoofing and liveness over every frame that holds one face, whatever fails first: the
  // moderators read them beside a failure too.
  for (const face of single) {
    scores.real = Math.min(scores.real, face.real)
    scores.live = Math.min(scores.live, face.live)
  }
  if (single.length === 0) Object.assign(scores, { real: 0, live: 0 })
  const faces: FaceFinding[] = []
  for (const frame of input.frames) {
    const problem = frameProblem(frame.analysis)
    if (problem) return fail(problem)
    const face = frame.analysis.faces[0]
    if (!poseSeen(face, frame.pose)) return fail('pose_not_seen')
    faces.push(face)
  }
  if (faces.length === 0) return fail('no_face')
  if (onePictureForBoth(input.frames)) return fail('poses_together')
  const live = meanEmbedding(faces.map((f) => f.embedding))
  scores.same = Math.min(...faces.map((f) => faceSimilarity(f.embedding, live)))
  if (scores.same < T.sameFace) return fail('not_the_same_face', null)
  if (scores.real < T.real || scores.live < T.live) return fail('not_live', live)
  if (!input.mainPhoto || input.otherPhotos.length === 0) return fail('no_profile_face', live)
  scores.main = faceSimilarity(live, input.mainPhoto)
  scores.other = Math.max(...input.otherPhotos.map((photo) => faceSimilarity(live, photo)))
  if (scores.main < T.sameFace || scores.other < T.sameFace) return fail('not_the_profile_face', live)
  const sameFaceElsewhere = input.verifiedElsewhere
    .filter((v) => faceSimilarity(live, v.embedding) >= T.sameFace)
    .map((v) => v.userId)
  return { outcome: 'verified', embedding: live, scores, sameFaceElsewhere }
}
