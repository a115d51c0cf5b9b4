// npm run bench:face-pairs: the ban list's threshold (issue 60, ADR 28), measured. Every face of the
// pictures the model packages ship (@vladmandic/face-api's six sample photos, @vladmandic/human's
// collage of faces), each cut into a picture of its own; different people are every pair of them;
// same-face pairs are each face against copies of it made as a new profile photo or a camera frame
// differs: cut otherwise, darker, lighter, turned in the picture, mirrored, compressed hard, small.
// Prints each threshold's share of different pairs that would match (false matches) and of
// same-face pairs that would (caught), with the counts of pairs; and the time per face.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { createFaceAnalyzer, faceSimilarity } from '../server/lib/faces/face-analyzer.ts'
import { FACE_THRESHOLDS } from '../server/lib/faces/face-thresholds.ts'

const require = createRequire(import.meta.url)
const faceApi = path.dirname(require.resolve('@vladmandic/face-api/package.json'))
// Human exports no package.json: its entry is in dist/, the pictures beside it.
const human = path.join(path.dirname(require.resolve('@vladmandic/human')), '..')
const PICTURES = [
  ...[1, 2, 3, 4, 5, 6].map((n) => path.join(faceApi, 'demo', `sample${n}.jpg`)),
  path.join(human, 'assets', 'samples.jpg'),
]

/** How a same-face copy differs from the face as first cut. */
const VARIANTS: Record<string, (image: Sharp) => Sharp> = {
  'cut tighter, moved': (i) => i,
  darker: (i) => i.modulate({ brightness: 0.65 }),
  lighter: (i) => i.modulate({ brightness: 1.35 }),
  'turned 12°': (i) => i.rotate(12, { background: '#808080' }),
  'turned −12°': (i) => i.rotate(-12, { background: '#808080' }),
  mirrored: (i) => i.flop(),
  'JPEG quality 20': (i) => i.jpeg({ quality: 20 }),
  'small (112 px)': (i) => i.resize(112),
}

const analyzer = createFaceAnalyzer()
const started = performance.now()
let analysed = 0
/**
 * The face a copy shows: the one nearest its middle (a face cut from a group photo has its
 * neighbours' at the edges; the largest may be one of them once turned or cut tighter).
 */
const embeddingOf = async (image: Buffer) => {
  analysed++
  const { width, height, faces } = await analyzer.analyse(image)
  const off = (box: number[]) => Math.hypot(box[0] + box[2] / 2 - width / 2, box[1] + box[3] / 2 - height / 2)
  return faces.toSorted((a, b) => off(a.box) - off(b.box))[0]?.embedding ?? null
}

interface Face {
  picture: string
  n: number
  size: number
  score: number
  base: number[]
  copies: Array<{ variant: string; embedding: number[] | null }>
}
const faces: Face[] = []
/**
 * The pictures a file holds: itself, or for a collage (a strip of thumbnails above a large picture,
 * as Human's is) each thumbnail and the large picture, cut apart at their black borders and the
 * thumbnails enlarged, as the detector would not find their faces at the collage's size.
 */
async function picturesIn(file: string): Promise<Array<{ name: string; picture: Buffer; enlarged: number }>> {
  const whole = await readFile(file)
  if (!file.endsWith('samples.jpg')) return [{ name: path.basename(file), picture: whole, enlarged: 1 }]
  const { data, info } = await sharp(whole).greyscale().raw().toBuffer({ resolveWithObject: true })
  const dark = (from: number, to: number, at: (i: number) => number) => {
    for (let i = from; i < to; i++) if (data[at(i)] > 40) return false
    return true
  }
  // Rows of black split the strip from the large picture; columns of black split the thumbnails.
  const rowDark = (y: number) => dark(0, info.width, (x) => y * info.width + x)
  const runs = (length: number, isDark: (i: number) => boolean) => {
    const parts: Array<[number, number]> = []
    let start = -1
    for (let i = 0; i <= length; i++) {
      const inside = i < length && !isDark(i)
      if (inside && start < 0) start = i
      if (!inside && start >= 0) {
        if (i - start > 40) parts.push([start, i])
        start = -1
      }
    }
    return parts
  }
  const bands = runs(info.height, rowDark)
  const out: Array<{ name: string; picture: Buffer; enlarged: number }> = []
  for (const [b, [top, bottom]] of bands.entries()) {
    const thumbnails = bottom - top < info.height / 4
    const tiles = thumbnails
      ? runs(info.width, (x) => dark(top, bottom, (y) => y * info.width + x))
      : [[0, info.width] as [number, number]]
    for (const [n, [left, right]] of tiles.entries()) {
      const tile = sharp(whole).extract({ left, top, width: right - left, height: bottom - top })
      out.push({
        name: `samples.jpg band ${b} tile ${n}`,
        picture: await (thumbnails ? tile.resize({ height: 720 }) : tile).jpeg({ quality: 92 }).toBuffer(),
        enlarged: thumbnails ? 720 / (bottom - top) : 1,
      })
    }
  }
  return out
}

/** Faces smaller than this (px, as taken: before a thumbnail is enlarged) are no profile photo's. */
const MIN_FACE_PX = 64
/** Nor a face the detector is unsure of (a face half hidden, drawn over, blurred). */
const MIN_SCORE = 0.7

/**
 * Every face of a picture, in its pixels: the thread finds five at most in one image, so a group
 * photo is also read in overlapping windows, and a face found twice counts once.
 */
async function facesIn(picture: Buffer): Promise<Array<{ box: number[]; score: number }>> {
  const meta = await sharp(picture).metadata()
  const [W, H] = [meta.width ?? 0, meta.height ?? 0]
  const windows = [[0, 0, W, H]]
  for (const fx of [0, 0.3, 0.6]) for (const fy of [0, 0.5]) windows.push([fx * W, fy * H, 0.4 * W, 0.5 * H])
  const found: Array<{ box: number[]; score: number }> = []
  for (const [left, top, w, h] of windows.map((w) => w.map(Math.floor))) {
    const [width, height] = [Math.min(w, W - left), Math.min(h, H - top)]
    const image = await sharp(picture).extract({ left, top, width, height }).jpeg({ quality: 95 }).toBuffer()
    const analysis = await analyzer.analyse(image)
    const scale = width / analysis.width
    for (const face of analysis.faces) {
      const box = [
        left + face.box[0] * scale,
        top + face.box[1] * scale,
        face.box[2] * scale,
        face.box[3] * scale,
      ]
      const overlaps = found.some((f) => {
        const ix = Math.min(f.box[0] + f.box[2], box[0] + box[2]) - Math.max(f.box[0], box[0])
        const iy = Math.min(f.box[1] + f.box[3], box[1] + box[3]) - Math.max(f.box[1], box[1])
        return ix > 0 && iy > 0 && ix * iy > 0.3 * Math.min(f.box[2] * f.box[3], box[2] * box[3])
      })
      if (!overlaps) found.push({ box, score: face.score })
    }
  }
  return found
}
let tooSmall = 0
const pictures = (await Promise.all(PICTURES.map(picturesIn))).flat()
for (const { name, picture, enlarged } of pictures) {
  const meta = await sharp(picture).metadata()
  for (const [
    n,
    {
      box: [x, y, w, h],
      score,
    },
  ] of (await facesIn(picture)).entries()) {
    if (w / enlarged < MIN_FACE_PX || score < MIN_SCORE) {
      tooSmall++
      continue
    }
    const cut = (margin: number, shift = 0) => {
      const left = Math.max(0, Math.round(x - w * margin + w * shift))
      const top = Math.max(0, Math.round(y - h * margin + h * shift))
      return sharp(picture).extract({
        left,
        top,
        width: Math.min((meta.width ?? 0) - left, Math.round(w * (1 + 2 * margin))),
        height: Math.min((meta.height ?? 0) - top, Math.round(h * (1 + 2 * margin))),
      })
    }
    const base = await embeddingOf(await cut(0.5).resize(480).jpeg({ quality: 90 }).toBuffer())
    if (!base) continue
    const copies = []
    for (const [variant, make] of Object.entries(VARIANTS)) {
      const source = variant === 'cut tighter, moved' ? cut(0.3, 0.06) : cut(0.5)
      const image = await make(source.resize(variant === 'small (112 px)' ? undefined : 480))
        .jpeg()
        .toBuffer()
      copies.push({ variant, embedding: await embeddingOf(image) })
    }
    faces.push({ picture: name, n, base, copies, size: Math.round(w / enlarged), score })
  }
}
await analyzer.close()

const different: number[] = []
let closest = { similarity: -1, a: '', b: '' }
for (let i = 0; i < faces.length; i++)
  for (let j = i + 1; j < faces.length; j++) {
    const similarity = faceSimilarity(faces[i].base, faces[j].base)
    different.push(similarity)
    if (similarity > closest.similarity)
      closest = {
        similarity,
        a: `${faces[i].picture}#${faces[i].n}`,
        b: `${faces[j].picture}#${faces[j].n}`,
      }
  }
const same = faces.flatMap((f) =>
  f.copies.map((c) => ({
    variant: c.variant,
    similarity: c.embedding ? faceSimilarity(f.base, c.embedding) : null,
  })),
)
const lost = same.filter((s) => s.similarity === null).length

const lostCopies = faces.flatMap((f) =>
  f.copies
    .filter((c) => !c.embedding)
    .map((c) => `${f.picture}#${f.n} (${f.size} px, ${f.score.toFixed(2)}) ${c.variant}`),
)
console.log(
  `Faces: ${faces.length} from ${pictures.length} pictures (${PICTURES.length} files; ${tooSmall} faces under ${MIN_FACE_PX} px as taken or scored under ${MIN_SCORE} left out); ${different.length} pairs of different people; ${same.length} same-face pairs (${lost} copies where no face was found, counted as missed)`,
)
if (lostCopies.length > 0) console.log(`No face found in: ${lostCopies.join('; ')}`)
console.log(`Closest different pair: ${closest.similarity.toFixed(3)} (${closest.a} and ${closest.b})`)
const share = (n: number, of: number) => `${((100 * n) / of).toFixed(2)} %`
console.log('threshold  false matches            caught')
for (let threshold = 0.5; threshold <= 0.851; threshold += 0.05) {
  const falseMatches = different.filter((s) => s >= threshold).length
  const caught = same.filter((s) => s.similarity !== null && s.similarity >= threshold).length
  const mark = Math.abs(threshold - FACE_THRESHOLDS.bannedFace) < 1e-9 ? '  ← bannedFace' : ''
  console.log(
    `${threshold.toFixed(2)}       ${`${falseMatches} of ${different.length} (${share(falseMatches, different.length)})`.padEnd(25)}${caught} of ${same.length} (${share(caught, same.length)})${mark}`,
  )
}
console.log('Lowest same-face similarity per kind of copy:')
for (const variant of Object.keys(VARIANTS)) {
  const scores = same.filter((s) => s.variant === variant).map((s) => s.similarity ?? 0)
  console.log(
    `  ${variant.padEnd(20)} ${Math.min(...scores).toFixed(3)} (median ${scores.sort()[Math.floor(scores.length / 2)].toFixed(3)})`,
  )
}
console.log(`\n${analysed} analyses in ${((performance.now() - started) / 1000).toFixed(1)} s`)
