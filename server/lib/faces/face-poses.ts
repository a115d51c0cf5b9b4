import { POSES, type Pose } from '#common/verification.ts'
import type { FaceFinding } from './face-messages.ts'
import { FACE_THRESHOLDS as T } from './face-thresholds.ts'

export { POSES, type Pose }

/**
 * Two different poses of `among` (the site's, two at least), drawn with `random` (0 ≤ r < 1), in
 * the order they are asked for: a still picture shows one pose at most.
 */
export function drawPoses(random: () => number, among: readonly Pose[] = POSES): [Pose, Pose] {
  const poses = [...new Set(among)]
  const first = poses[Math.floor(random() * poses.length)]
  const rest = poses.filter((p) => p !== first)
  return [first, rest[Math.floor(random() * rest.length)]]
}

/**
 * Whether a face shows the pose asked for, in a frame as the camera took it (not mirrored): the
 * member's own left is the picture's right, where a face turns with a negative yaw.
 */
export function poseSeen(face: FaceFinding, pose: Pose): boolean {
  switch (pose) {
    case 'turn_left':
      return face.yaw < -T.turnYaw
    case 'turn_right':
      return face.yaw > T.turnYaw
    case 'look_up':
      return face.pitch < -T.lookUpPitch
    case 'smile':
      return face.happy >= T.smile
    case 'close_eyes':
      return face.blinkLeft && face.blinkRight
  }
}

/** What is wrong with a frame before its pose is judged: no face, several, or one too small. */
export function frameProblem(frame: {
  width: number
  height: number
  faces: FaceFinding[]
}): 'no_face' | 'several_faces' | 'face_too_small' | null {
  if (frame.faces.length === 0) return 'no_face'
  if (frame.faces.length > 1) return 'several_faces'
  const [, , w, h] = frame.faces[0].box
  return Math.min(w, h) < T.minFaceShare * Math.min(frame.width, frame.height) ? 'face_too_small' : null
}
