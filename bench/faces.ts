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
  `memory: ${withThread.toFixed(0)} MB with the thread, ${bare.toFixed(0)} MB before it (+${(withThread - bare).toFixed(0)} MB)`,
)
