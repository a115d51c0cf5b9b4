// The explicit-photo model's thread (ADR 29): NSFWJS's MobileNetV2Mid on TensorFlow.js's WebAssembly
// backend, loaded once per node, answering one photo at a time. The model's weights are modules
// inside the nsfwjs package and the WebAssembly binaries come from node_modules: nothing is fetched.
import { createRequire } from 'node:module'
import path from 'node:path'
import { parentPort } from 'node:worker_threads'
import sharp from 'sharp'
import { SHOWN_ON } from '../image-background.ts'
import { serveModelRequests } from '../model-thread.ts'
import type { ExplicitScores } from './explicit-scores.ts'

const require = createRequire(import.meta.url)
const tf = require('@tensorflow/tfjs') as typeof import('@tensorflow/tfjs')
const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths: (prefix: string) => void }
wasm.setWasmPaths(path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), '/'))
/** The model's input: a square of this side. */
const SIDE = 224

async function loadModel() {
  if (!(await tf.setBackend('wasm'))) throw new Error('the WebAssembly backend did not start')
  await tf.ready()
  const nsfwjs = await import('nsfwjs')
  // NSFWJS says on the console which model it loads, as a hint to host one's own: ours is the one
  // it ships, so the hint is left out of the node's output.
  const info = console.info
  console.info = () => {}
  try {
    return await nsfwjs.load('MobileNetV2Mid', { size: SIDE })
  } finally {
    console.info = info
  }
}
const ready = loadModel()

/** The model's five class probabilities for one encoded image (JPEG, PNG, WebP). */
async function classify(image: Uint8Array): Promise<ExplicitScores> {
  const model = await ready
  const { data, info } = await sharp(image, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(SIDE, SIDE, { fit: 'fill' })
    // Transparency laid on what it is shown on: the pixels a member sees, not a black square.
    .flatten({ background: SHOWN_ON })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const pixels = tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], 'int32')
  try {
    const classes = await model.classify(pixels as never, 5)
    const score = (name: string) => classes.find((c) => c.className === name)?.probability ?? 0
    return {
      drawing: score('Drawing'),
      hentai: score('Hentai'),
      neutral: score('Neutral'),
      porn: score('Porn'),
      sexy: score('Sexy'),
    }
  } finally {
    pixels.dispose()
  }
}

serveModelRequests(parentPort, classify)
