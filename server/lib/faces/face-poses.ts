import type { FaceFinding } from './face-messages.ts'
import { FACE_THRESHOLDS as T } from './face-thresholds.ts'

/** The poses a verification may ask for: two of them, drawn for each attempt. */
export const POSES = ['turn_left', 'turn_right', 'look_up', 'smile', 'close_eyes'] as const
export type Pose = (typeof POSES)[number]

/** Two different poses, drawn with `random` (0 ≤ r < 1): never both turns, which look alike. */
export function drawPoses(random: () => number): [Pose, Pose] {
  const first = POSES[Math.floor(random() * POSES.length)]
  const rest = POSES.filter((p) => p !== first && !(p.startsWith('turn_') && first.startsWith('turn_')))
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
