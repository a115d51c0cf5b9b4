// npm run bench:explicit: the explicit-photo thread (ADR 29) on this machine — the first photo (the
// model loading), then the time per photo over the sample photos @vladmandic/face-api ships, and the
// process's memory with the thread running beside a bare process's. Beside its ceiling: the same
// photos only decoded and resized to the model's input, as the thread does before the model runs.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import sharp from 'sharp'
import { createExplicitClassifier } from '../server/lib/explicit/explicit-classifier.ts'

const ROUNDS = Number(process.env.BENCH_EXPLICIT_ROUNDS ?? 5)
const demo = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
)
const photos = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => readFile(path.join(demo, `sample${n}.jpg`))))
const rss = () => process.memoryUsage().rss / 1024 / 1024
const bare = rss()

const classifier = createExplicitClassifier()
let started = performance.now()
await classifier.score(photos[0])
const loading = performance.now() - started
const times: number[] = []
const scores: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  for (const photo of photos) {
    started = performance.now()
    const score = await classifier.score(photo)
    times.push(performance.now() - started)
    if (round === 0) scores.push(score)
  }
}
const withThread = rss()
await classifier.close()

const decodeTimes: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  for (const photo of photos) {
    started = performance.now()
    await sharp(photo).rotate().resize(224, 224, { fit: 'fill' }).removeAlpha().raw().toBuffer()
    decodeTimes.push(performance.now() - started)
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
console.log(`\nexplicit-photo thread, ${photos.length} photos × ${ROUNDS} (1920 px, classified at 224 px)`)
console.log(`first photo, model loading included     ${loading.toFixed(0)} ms`)
console.log(`per photo, median                       ${median(times).toFixed(0)} ms (goal: about 300 ms)`)
console.log(
  `ceiling: decode and resize only, median ${median(decodeTimes).toFixed(0)} ms (${(median(times) / median(decodeTimes)).toFixed(1)}× with the model)`,
)
console.log(`scores of the samples                   ${scores.map((s) => s.toFixed(2)).join(' ')}`)
console.log(
  `memory: ${withThread.toFixed(0)} MB with the thread, ${bare.toFixed(0)} MB before it (+${(withThread - bare).toFixed(0)} MB)`,
)
