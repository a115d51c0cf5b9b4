import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFaceAnalyzer, type FaceAnalysis } from './face-analyzer.ts'
import { type CheckFrame, decideVerification } from './verification-decision.ts'

// The decision on a live check, on real faces (issue 37): sample photo 1 of @vladmandic/face-api
// holds three women; the first one, turned to her right and smiling, plays the member: her frames
// are cut-outs of her face, her profile photos the group photo and a copy of it.

const demo = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
)
const analyzer = createFaceAnalyzer()
let group: FaceAnalysis
let frame: (index: number, change?: (image: Sharp) => Sharp) => Promise<FaceAnalysis>
let photoCopy: FaceAnalysis

beforeAll(async () => {
  const photo = await readFile(path.join(demo, 'sample1.jpg'))
  group = await analyzer.analyse(photo)
  const scale = ((await sharp(photo).metadata()).width ?? 0) / group.width
  frame = async (index, change = (image) => image) => {
    const [x, y, w, h] = group.faces[index].box.map((v) => Math.round(v * scale))
    const m = Math.round(w * 0.3)
    const crop = sharp(photo).extract({
      left: Math.max(0, x - m),
      top: Math.max(0, y - m),
      width: w + 2 * m,
      height: h + 2 * m,
    })
    return analyzer.analyse(await change(crop).jpeg().toBuffer())
  }
  photoCopy = await analyzer.analyse(
    await sharp(photo).resize(1400).modulate({ brightness: 1.1 }).jpeg().toBuffer(),
  )
}, 60_000)
afterAll(() => analyzer.close())

/** What the models saw, with the face facing the camera again (as a live member does to smile). */
const facingCamera = (analysis: FaceAnalysis): FaceAnalysis => ({
  ...analysis,
  faces: analysis.faces.map((face) => ({ ...face, yaw: 0.02 })),
})

/**
 * The member's check: turned right, then smiling (the first face does both: for the smile, she
 * faces the camera again, as a live member does; the same picture for both is the spoof below).
 */
async function check(index = 0): Promise<CheckFrame[]> {
  return [
    { pose: 'turn_right', analysis: await frame(index) },
    {
      pose: 'smile',
      analysis: facingCamera(await frame(index, (image) => image.modulate({ brightness: 1.05 }))),
    },
  ]
}

describe('the decision on a live check', () => {
  it('verifies a face that matches the main photo and another one, and keeps its embedding', async () => {
    const decision = decideVerification({
      frames: await check(),
      mainPhoto: group.faces[0].embedding,
      otherPhotos: [photoCopy.faces[0].embedding],
      verifiedElsewhere: [],
    })
    expect(decision.outcome).toBe('verified')
    if (decision.outcome !== 'verified') return
    expect(decision.scores.main).toBeGreaterThan(0.7)
    expect(decision.scores.other).toBeGreaterThan(0.7)
    expect(decision.embedding).toHaveLength(1024)
    expect(decision.sameFaceElsewhere).toEqual([])
  }, 60_000)

  it('fails another person’s face, a pose not made, and a face that is not live', async () => {
    const other = decideVerification({
      frames: await check(),
      mainPhoto: group.faces[1].embedding,
      otherPhotos: [photoCopy.faces[1].embedding],
      verifiedElsewhere: [],
    })
    expect(other).toMatchObject({ outcome: 'failed', reason: 'not_the_profile_face' })
    const frames = await check()
    const wrongPose = decideVerification({
      frames: [{ ...frames[0], pose: 'turn_left' }, frames[1]],
      mainPhoto: group.faces[0].embedding,
      otherPhotos: [photoCopy.faces[0].embedding],
      verifiedElsewhere: [],
    })
    expect(wrongPose).toMatchObject({ outcome: 'failed', reason: 'pose_not_seen' })
    // Its anti-spoofing and liveness scores are those of its frames, not left at 1 by the failure.
    expect(wrongPose.scores.real).toBeLessThan(1)
    expect(wrongPose.scores.real).toBe(Math.min(...frames.map((f) => f.analysis.faces[0].real)))
    // The rule: a frame the anti-spoofing model scores low fails the whole check.
    const flat = frames.map((f) => ({
      ...f,
      analysis: { ...f.analysis, faces: [{ ...f.analysis.faces[0], real: 0.2 }] },
    }))
    const spoof = decideVerification({
      frames: flat,
      mainPhoto: group.faces[0].embedding,
      otherPhotos: [photoCopy.faces[0].embedding],
      verifiedElsewhere: [],
    })
    expect(spoof).toMatchObject({ outcome: 'failed', reason: 'not_live', scores: { real: 0.2 } })
    expect(
      decideVerification({
        frames: [{ pose: 'smile', analysis: group }],
        mainPhoto: null,
        otherPhotos: [],
        verifiedElsewhere: [],
      }),
    ).toMatchObject({ outcome: 'failed', reason: 'several_faces' })
  }, 60_000)

  it('fails one picture that shows both poses, however real the anti-spoofing model finds it', async () => {
    // The spoof: a photo of her turned right and smiling, filmed for both poses (a print or a
    // screen shows the same pose in every frame). The anti-spoofing model passes it.
    const still = await frame(0)
    const tilted = await frame(0, (image) => image.modulate({ brightness: 1.05 }))
    const frames: CheckFrame[] = [
      { pose: 'turn_right', analysis: still },
      { pose: 'turn_right', analysis: tilted },
      { pose: 'smile', analysis: still },
      { pose: 'smile', analysis: tilted },
    ]
    const decision = decideVerification({
      frames,
      mainPhoto: group.faces[0].embedding,
      otherPhotos: [photoCopy.faces[0].embedding],
      verifiedElsewhere: [],
    })
    expect(decision).toMatchObject({ outcome: 'failed', reason: 'poses_together' })
    expect(decision.scores.real).toBeGreaterThanOrEqual(0.5)
    // One frame of the smile facing the camera is a face that let go of the turn: it passes.
    const live = decideVerification({
      frames: [...frames.slice(0, 3), { pose: 'smile', analysis: facingCamera(tilted) }],
      mainPhoto: group.faces[0].embedding,
      otherPhotos: [photoCopy.faces[0].embedding],
      verifiedElsewhere: [],
    })
    expect(live.outcome).toBe('verified')
  }, 60_000)

  it('reports the same face verified on another account, not another person’s', async () => {
    const decision = decideVerification({
      frames: await check(),
      mainPhoto: group.faces[0].embedding,
      otherPhotos: [photoCopy.faces[0].embedding],
      verifiedElsewhere: [
        { userId: 41, embedding: photoCopy.faces[0].embedding },
        { userId: 42, embedding: group.faces[2].embedding },
      ],
    })
    expect(decision).toMatchObject({ outcome: 'verified', sameFaceElsewhere: [41] })
  }, 60_000)
})
