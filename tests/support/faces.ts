import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'

// Faces for tests (issue 37): the sample photos @vladmandic/face-api ships, cut around one face.
// The boxes are the face models' (server/lib/faces), in the 1280-px-wide picture they analyse.

const DEMO = path.join(process.cwd(), 'node_modules/@vladmandic/face-api/demo')

/** One face of a sample photo; what the models see in it (docs/decisions/0028-verified-humans.md). */
export const FACES = {
  /** Turned to her right (yaw 0.28) and smiling broadly (0.90): "turn right" and "smile". */
  smilingRight: { sample: 4, box: [810, 88, 203, 204] },
  /** Another woman, smiling (0.99), nearly frontal. */
  otherSmiling: { sample: 3, box: [669, 123, 246, 246] },
  /** A man turned far to his right (yaw 0.65 in the whole picture). */
  turned: { sample: 2, box: [188, 78, 218, 218] },
  /** A woman turned to her left (yaw -0.37). */
  turnedLeft: { sample: 5, box: [350, 267, 205, 204] },
  /** A third person, frontal, not smiling. */
  frontal: { sample: 5, box: [185, 565, 247, 247] },
} as const

export interface CropOptions {
  /** How much of the surroundings the cut keeps around the face, per side, in face widths. */
  margin?: number
  /** The cut's longest side, in pixels. */
  size?: number
  mirror?: boolean
  brightness?: number
  /** Moves the cut by this share of the face's size (frames of a burst are never the same). */
  shift?: number
}

/** A JPEG of one sample face with some of its surroundings, as a profile photo or a camera frame. */
export async function faceImage(face: keyof typeof FACES, options: CropOptions = {}): Promise<Buffer> {
  const { sample, box } = FACES[face]
  const { margin = 0.6, size = 640, mirror = false, brightness = 1, shift = 0 } = options
  const file = path.join(DEMO, `sample${sample}.jpg`)
  const meta = await sharp(file).metadata()
  const scale = (meta.width ?? 1280) / 1280
  const [x, y, w, h] = box.map((v) => v * scale)
  const left = Math.max(0, Math.round(x - w * margin + w * shift))
  const top = Math.max(0, Math.round(y - h * margin + h * shift))
  const width = Math.min((meta.width ?? 0) - left, Math.round(w * (1 + 2 * margin)))
  const height = Math.min((meta.height ?? 0) - top, Math.round(h * (1 + 2 * margin)))
  let image = sharp(await readFile(file)).extract({ left, top, width, height })
  if (mirror) image = image.flop()
  if (brightness !== 1) image = image.modulate({ brightness })
  return image.resize(size, size, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer()
}
