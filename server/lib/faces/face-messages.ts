/** One face found, in the analysed image's pixels (its longest side at most 1280). */
export interface FaceFinding {
  /** x, y, width, height. */
  box: [number, number, number, number]
  /** The detector's confidence, 0–1. */
  score: number
  /** Head turn in radians: yaw (left/right), pitch (up/down), roll (tilt). */
  yaw: number
  pitch: number
  roll: number
  /** How far the mouth is open, 0–1. */
  mouthOpen: number
  blinkLeft: boolean
  blinkRight: boolean
  /** The expression model's score for a smile ("happy"), 0–1. */
  happy: number
  /** Anti-spoofing: how likely the face is a real one, not a picture of a picture (0–1). */
  real: number
  /** Liveness: how likely the face is a live person's (0–1). */
  live: number
  /** The face's descriptor (1024 numbers), compared with faceSimilarity. */
  embedding: number[]
}
