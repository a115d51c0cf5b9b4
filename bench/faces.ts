// npm run bench:faces: the face thread (ADR 28) on this machine — the first image (the models
// loading), then the time per photo (detection, mesh, anti-spoof, liveness and embedding) over the
// sample photos @vladmandic/face-api ships, and the process's memory with the thread running beside
// a bare process's. Beside its ceiling: the same photos only decoded and resized, as the thread does
// before the models run.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import sharp from 'sharp'
import { createFaceAnalyzer } from '../server/lib/faces/face-analyzer.ts'
import { decideVerification } from '../server/lib/faces/verification-decision.ts'
import { faceImage } from '../tests/support/faces.ts'

const ROUNDS = Number(process.env.BENCH_FACE_ROUNDS ?? 3)
const demo = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
)
const photos = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => readFile(path.join(demo, `sample${n}.jpg`))))
const rss = () => process.memoryUsage().rss / 1024 / 1024
const bare = rss()

const analyzer = createFaceAnalyzer()
let started = performance.now()
const first = await analyzer.analyse(photos[0])
const loading = performance.now() - started

const times: number[] = []
let faces = 0
for (let round = 0; round < ROUNDS; round++) {
  for (const photo of photos) {
    started = performance.now()
    faces += (await analyzer.analyse(photo)).faces.length
    times.push(performance.now() - started)
  }
}
// A live check as the job decides it (issue 37): three frames of each of two poses (camera-sized,
// 640 px) and the profile's main and one other photo (display-sized), then the decision's rule.
const frame = (mirror: boolean, margin: number) => faceImage('turned', { margin, size: 640, mirror })
const frames = await Promise.all([0.3, 0.33, 0.36].flatMap((m) => [frame(false, m), frame(true, m)]))
const profilePhotos = await Promise.all([
  faceImage('turned', { margin: 0.4, brightness: 1.1, size: 1080 }),
  faceImage('turned', { margin: 0.3, shift: 0.04, size: 1080 }),
])
const checkTimes: number[] = []
let outcome = ''
for (let round = 0; round < ROUNDS; round++) {
  started = performance.now()
  const seen = []
  for (const [i, image] of frames.entries())
    seen.push({
      pose: i % 2 === 0 ? ('turn_right' as const) : ('turn_left' as const),
      analysis: await analyzer.analyse(image),
    })
  const [main, other] = await Promise.all(profilePhotos.map((p) => analyzer.analyse(p)))
  const decision = decideVerification({
    frames: seen,
    mainPhoto: main.faces[0]?.embedding ?? null,
    otherPhotos: other.faces.map((f) => f.embedding),
    verifiedElsewhere: [],
  })
  checkTimes.push(performance.now() - started)
  outcome = decision.outcome === 'verified' ? 'verified' : `failed: ${decision.reason}`
}
const withThread = rss()
await analyzer.close()

const decodeTimes: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  for (const photo of photos) {
    started = performance.now()
    await sharp(photo).rotate().resize(1280, 1280, { fit: 'inside' }).removeAlpha().raw().toBuffer()
    decodeTimes.push(performance.now() - started)
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const perFace = times.reduce((a, b) => a + b, 0) / faces
console.log(`\nface thread, ${photos.length} group photos × ${ROUNDS} (1920 px, analysed at 1280 px)`)
console.log(`first photo, models loading included   ${loading.toFixed(0)} ms (${first.faces.length} faces)`)
console.log(`per photo, median                       ${median(times).toFixed(0)} ms`)
console.log(`per face found (embedding included)     ${perFace.toFixed(0)} ms`)
console.log(
  `ceiling: decode and resize only, median ${median(decodeTimes).toFixed(0)} ms (${(median(times) / median(decodeTimes)).toFixed(1)}× the models' share)`,
)
console.log(
  `per live check (6 frames, 2 photos), median ${median(checkTimes).toFixed(0)} ms (${outcome}; its job's database work aside)`,
)
console.log(
  `memory: ${withThread.toFixed(0)} MB with the thread, ${bare.toFixed(0)} MB before it (+${(withThread - bare).toFixed(0)} MB)`,
)
