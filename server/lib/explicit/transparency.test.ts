import { mkdtempSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeImage } from '../images.ts'
import { localMediaStore } from '../media-store.ts'
import { createExplicitClassifier } from './explicit-classifier.ts'
import type { ExplicitScores } from './explicit-scores.ts'

// Issue 55, point 3 (ADR 13, round 4): a picture drawn in the alpha channel is judged as the
// receiver sees it, and stored as it was judged.

const DEMO = path.join(process.cwd(), 'node_modules/@vladmandic/face-api/demo')
const classifier = createExplicitClassifier()
afterAll(() => classifier.close())

let hidden: Buffer
let shown: Buffer
let black: Buffer
beforeAll(async () => {
  // A real photo carried by the transparency alone: every pixel black, the picture in the alpha.
  const photo = sharp(await readFile(path.join(DEMO, 'sample2.jpg'))).resize(320, 320, { fit: 'cover' })
  const alpha = await photo.clone().grayscale().raw().toBuffer({ resolveWithObject: true })
  const { width, height } = alpha.info
  const rgba = Buffer.alloc(width * height * 4)
  for (let i = 0; i < width * height; i++) rgba[i * 4 + 3] = 255 - (alpha.data[i] ?? 0)
  hidden = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer()
  // What a member sees of it on the site's white, and what dropping the alpha made of it.
  shown = await sharp(hidden).flatten({ background: '#ffffff' }).png().toBuffer()
  black = await sharp(hidden).removeAlpha().png().toBuffer()
}, 60_000)

const gap = (a: ExplicitScores, b: ExplicitScores) =>
  Math.max(...(Object.keys(a) as (keyof ExplicitScores)[]).map((k) => Math.abs(a[k] - b[k])))

describe('a picture with transparency', () => {
  it('is judged as it is shown, not as the black square its colours alone make', async () => {
    const [asHidden, asShown, asBlack] = await Promise.all([
      classifier.classify(hidden),
      classifier.classify(shown),
      classifier.classify(black),
    ])
    // The black square and the picture are told apart by the model…
    expect(gap(asShown, asBlack)).toBeGreaterThan(0.05)
    // …and the transparent upload is judged as the picture.
    expect(gap(asHidden, asShown)).toBeLessThan(0.02)
  }, 120_000)

  it('is stored as it was judged: laid on white, with no alpha left', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'alpha-'))
    const stored = await storeImage(hidden, localMediaStore(dir), 'c', new Date('2031-01-01T00:00:00Z'))
    const file = readFileSync(path.join(dir, stored.filename))
    expect((await sharp(file).metadata()).hasAlpha).toBe(false)
    const [asStored, asShown] = await Promise.all([classifier.classify(file), classifier.classify(shown)])
    expect(gap(asStored, asShown)).toBeLessThan(0.05)
  }, 120_000)
})
