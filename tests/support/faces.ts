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

/** 3×3 matrix inverse (row-major), for the tilted print's mapping. */
function invert3(m: number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m
  const A = e * i - f * h
  const B = -(d * i - f * g)
  const C = d * h - e * g
  const det = a * A + b * B + c * C
  return [
    A,
    -(b * i - c * h),
    b * f - c * e,
    B,
    a * i - c * g,
    -(a * f - c * d),
    C,
    -(a * h - b * g),
    a * e - b * d,
  ].map((v) => v / det)
}

/**
 * A picture re-photographed as a print held in front of a camera (issue 37's spoof): the image as a
 * flat sheet turned by `yaw` and `pitch` degrees about its centre, seen by a camera whose focal
 * length is the image's width, a little washed out, on a grey background.
 */
export async function tiltedPrint(image: Buffer, tilt: { yaw?: number; pitch?: number }): Promise<Buffer> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const { width, height } = info
  const f = width
  const yaw = ((tilt.yaw ?? 0) * Math.PI) / 180
  const pitch = ((tilt.pitch ?? 0) * Math.PI) / 180
  // The sheet's point (X, Y, 0) turned by yaw (about Y) then pitch (about X), 1.6 f from the camera.
  const cy = Math.cos(yaw)
  const sy = Math.sin(yaw)
  const cp = Math.cos(pitch)
  const sp = Math.sin(pitch)
  const r = [cy, 0, sy, sp * sy, cp, -sp * cy, -cp * sy, sp, cp * cy]
  const z0 = 1.6 * f
  // Projection of (X, Y): u = f·(r0 X + r1 Y)/(r6 X + r7 Y + z0) + width/2, likewise v.
  const toImage = [
    f * r[0] + (width / 2) * r[6],
    f * r[1] + (width / 2) * r[7],
    (width / 2) * z0,
    f * r[3] + (height / 2) * r[6],
    f * r[4] + (height / 2) * r[7],
    (height / 2) * z0,
    r[6],
    r[7],
    z0,
  ]
  // Scale so the sheet keeps its size at the centre: (X, Y) are the source's pixels minus its centre.
  const back = invert3(toImage)
  const out = Buffer.alloc(width * height * 3)
  for (let v = 0; v < height; v++)
    for (let u = 0; u < width; u++) {
      const w = back[6] * u + back[7] * v + back[8]
      const X = (back[0] * u + back[1] * v + back[2]) / w
      const Y = (back[3] * u + back[4] * v + back[5]) / w
      const sx = X / 1.6 + width / 2
      const syy = Y / 1.6 + height / 2
      const o = (v * width + u) * 3
      const x0 = Math.floor(sx)
      const y0 = Math.floor(syy)
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) {
        out[o] = out[o + 1] = out[o + 2] = 128
        continue
      }
      const fx = sx - x0
      const fy = syy - y0
      for (let ch = 0; ch < 3; ch++) {
        const p = (y: number, x: number) => data[(y * width + x) * 3 + ch]
        const value =
          p(y0, x0) * (1 - fx) * (1 - fy) +
          p(y0, x0 + 1) * fx * (1 - fy) +
          p(y0 + 1, x0) * (1 - fx) * fy +
          p(y0 + 1, x0 + 1) * fx * fy
        // A print: contrast lowered towards a paper grey.
        out[o + ch] = Math.round(value * 0.85 + 30)
      }
    }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer()
}
