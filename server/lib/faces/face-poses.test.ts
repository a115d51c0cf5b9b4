import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFaceAnalyzer, type FaceAnalysis } from './face-analyzer.ts'
import { drawPoses, frameProblem, POSES, poseSeen } from './face-poses.ts'

// The poses of a verification judged on real faces (issue 37): the sample photo 4 of
// @vladmandic/face-api holds four women, one turned to the picture's right and not smiling, one
// facing it and smiling broadly; a mirrored copy turns a face the other way.

const demo = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
)
const analyzer = createFaceAnalyzer()
let photo: Buffer
let group: FaceAnalysis
/** One face of the group photo, cut out with a margin around it. */
let faceCrop: (index: number) => Promise<Buffer>

beforeAll(async () => {
  photo = await readFile(path.join(demo, 'sample4.jpg'))
  group = await analyzer.analyse(photo)
  const scale = ((await sharp(photo).metadata()).width ?? 0) / group.width
  faceCrop = (index) => {
    const [x, y, w, h] = group.faces[index].box.map((v) => Math.round(v * scale))
    const m = Math.round(w * 0.3)
    return sharp(photo)
      .extract({ left: Math.max(0, x - m), top: Math.max(0, y - m), width: w + 2 * m, height: h + 2 * m })
      .jpeg()
      .toBuffer()
  }
}, 60_000)
afterAll(() => analyzer.close())

const only = async (image: Buffer) => {
  const frame = await analyzer.analyse(image)
  expect(frameProblem(frame)).toBeNull()
  return frame.faces[0]
}

describe('poses', () => {
  it('tells a head turned left from one turned right, mirrored or not', async () => {
    const turned = group.faces.findIndex((f) => f.yaw < -0.3)
    expect(turned).toBeGreaterThanOrEqual(0)
    const crop = await faceCrop(turned)
    const face = await only(crop)
    expect([poseSeen(face, 'turn_left'), poseSeen(face, 'turn_right')]).toEqual([true, false])
    const mirrored = await only(await sharp(crop).flop().jpeg().toBuffer())
    expect([poseSeen(mirrored, 'turn_left'), poseSeen(mirrored, 'turn_right')]).toEqual([false, true])
    expect(poseSeen(face, 'smile')).toBe(false)
  }, 60_000)

  it('sees a smile where there is one, and closed eyes only when both are', async () => {
    const happiest = group.faces.reduce((best, f, i) => (f.happy > group.faces[best].happy ? i : best), 0)
    const smiling = await only(await faceCrop(happiest))
    expect(poseSeen(smiling, 'smile')).toBe(true)
    expect(poseSeen(smiling, 'close_eyes')).toBe(false)
    expect(poseSeen({ ...smiling, blinkLeft: true, blinkRight: true }, 'close_eyes')).toBe(true)
    expect(poseSeen({ ...smiling, blinkLeft: true }, 'close_eyes')).toBe(false)
  }, 60_000)

  it('says what is wrong with a frame: several faces, none, or one too small', async () => {
    expect(frameProblem(group)).toBe('several_faces')
    const blank = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer()
    expect(frameProblem(await analyzer.analyse(blank))).toBe('no_face')
    const small = await sharp(await faceCrop(0))
      .resize(120)
      .toBuffer()
    const far = await sharp({ create: { width: 1280, height: 960, channels: 3, background: '#808080' } })
      .composite([{ input: small, left: 580, top: 420 }])
      .jpeg()
      .toBuffer()
    expect(frameProblem(await analyzer.analyse(far))).toBe('face_too_small')
  }, 60_000)

  it("draws two different poses per attempt, every ordered pair of them, among the site's alone", () => {
    const seen = new Set<string>()
    for (let a = 0; a < 10; a++)
      for (let b = 0; b < 10; b++) {
        const draws = [a / 10, b / 10]
        const [first, second] = drawPoses(() => draws.shift() ?? 0)
        expect(first).not.toBe(second)
        expect(POSES).toContain(second)
        seen.add(`${first}+${second}`)
      }
    expect(seen.size).toBe(20)
    const site = new Set<string>()
    for (let a = 0; a < 4; a++) site.add(drawPoses(() => a / 4, ['smile', 'look_up']).join('+'))
    expect([...site].sort()).toEqual(['look_up+smile', 'smile+look_up'])
  })
})
