import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { createFaceAnalyzer, faceSimilarity } from './face-analyzer.ts'

// The face models on real photos (issue 37, ADR 28): the sample photos @vladmandic/face-api ships
// (group photos of three to five people), and crops the test makes of them.

const demo = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
)
const sample = (n: number) => readFile(path.join(demo, `sample${n}.jpg`))
const analyzer = createFaceAnalyzer()
afterAll(() => analyzer.close())

describe('the face thread', () => {
  it('finds every face of the sample photos, each with its turn, mouth, anti-spoof and liveness scores and an embedding', async () => {
    const found = await Promise.all(
      [1, 4, 5].map(async (n) => (await analyzer.analyse(await sample(n))).faces),
    )
    expect(found.map((faces) => faces.length)).toEqual([3, 4, 5])
    for (const face of found.flat()) {
      expect(face.embedding).toHaveLength(1024)
      for (const score of [face.score, face.real, face.live, face.mouthOpen]) {
        expect(score).toBeGreaterThanOrEqual(0)
        expect(score).toBeLessThanOrEqual(1)
      }
      expect(Math.abs(face.yaw)).toBeLessThan(Math.PI / 2)
    }
  }, 60_000)

  it('knows a face again in another copy of the photo, and tells it from the others', async () => {
    const photo = await sample(1)
    const { width, faces } = await analyzer.analyse(photo)
    const scale = (await sharp(photo).metadata()).width / width
    const [x, y, w, h] = faces[0].box.map((v) => Math.round(v * scale))
    // The first face, cut out with a margin, smaller, brighter and saved again as a lesser JPEG.
    const margin = Math.round(w * 0.3)
    const crop = await sharp(photo)
      .extract({
        left: Math.max(0, x - margin),
        top: Math.max(0, y - margin),
        width: w + 2 * margin,
        height: h + 2 * margin,
      })
      .resize(360)
      .modulate({ brightness: 1.15 })
      .jpeg({ quality: 70 })
      .toBuffer()
    const again = await analyzer.analyse(crop)
    expect(again.faces).toHaveLength(1)
    const same = faceSimilarity(faces[0].embedding, again.faces[0].embedding)
    const others = faces.slice(1).map((f) => faceSimilarity(f.embedding, again.faces[0].embedding))
    expect(same).toBeGreaterThan(0.8)
    for (const other of others) expect(other).toBeLessThan(same - 0.2)
  }, 60_000)

  it('answers a file that is no image with an error, and goes on with the next', async () => {
    await expect(analyzer.analyse(new TextEncoder().encode('not an image'))).rejects.toThrow(
      /face analysis failed/,
    )
    expect((await analyzer.analyse(await sample(1))).faces).toHaveLength(3)
  }, 60_000)
})
