// The face models' thread (ADR 28): @vladmandic/human on TensorFlow.js's WebAssembly backend, loaded
// once per node, answering one image at a time so that no request ever waits on a model. Its
// models and the WebAssembly binaries come from node_modules: nothing is fetched from a network.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parentPort } from 'node:worker_threads'
import sharp from 'sharp'
import { SHOWN_ON } from '../image-background.ts'
import { serveModelRequests } from '../model-thread.ts'
import type { FaceFinding } from './face-messages.ts'

const require = createRequire(import.meta.url)
const HUMAN_DIST = path.dirname(require.resolve('@vladmandic/human'))
const MODELS = path.join(HUMAN_DIST, '../models/')
const WASM = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), '/')
/** The longest side an image is analysed at: a face that fills less than this is too small anyway. */
const ANALYSED_SIDE = 1280

// TensorFlow.js reads models and binaries with fetch: here only files under node_modules may be
// read, and nothing else answers (ADR 28: nothing is fetched at run time).
globalThis.fetch = async (input: string | URL | Request) => {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  const file = href.startsWith('file://') ? fileURLToPath(href) : href
  if (!file.startsWith(MODELS) && !file.startsWith(WASM)) throw new Error(`not a model file: ${href}`)
  return new Response(await readFile(file))
}

type HumanModule = typeof import('@vladmandic/human')
const { Human } = require(path.join(HUMAN_DIST, 'human.node-wasm.js')) as HumanModule
const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths: (prefix: string) => void }
wasm.setWasmPaths(WASM)

const human = new Human({
  backend: 'wasm',
  wasmPath: WASM,
  modelBasePath: pathToFileURL(MODELS).href,
  debug: false,
  cacheSensitivity: 0,
  face: {
    enabled: true,
    detector: { rotation: false, maxDetected: 5, minConfidence: 0.5, return: false },
    mesh: { enabled: true },
    iris: { enabled: true },
    description: { enabled: true },
    emotion: { enabled: true, minConfidence: 0 },
    antispoof: { enabled: true },
    liveness: { enabled: true },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: true },
  segmentation: { enabled: false },
})
const ready = human.load()

/** The faces in one image: where, how turned, mouth and eyes, how real and live, and the embedding. */
async function analyse(image: Uint8Array): Promise<{ width: number; height: number; faces: FaceFinding[] }> {
  await ready
  const { data, info } = await sharp(image, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(ANALYSED_SIDE, ANALYSED_SIDE, { fit: 'inside', withoutEnlargement: true })
    // Transparency laid on what it is shown on: the pixels a member sees, not a black square.
    .flatten({ background: SHOWN_ON })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const tensor = human.tf.tensor4d(new Uint8Array(data), [1, info.height, info.width, 3], 'int32')
  try {
    const result = await human.detect(tensor)
    const faces = result.face.map((face, index): FaceFinding => {
      const gestures = result.gesture
        .filter((g) => 'face' in g && g.face === index)
        .map((g) => String((g as { gesture: string }).gesture))
      const mouth = gestures.map((g) => /^mouth (\d+)% open$/.exec(g)).find(Boolean)
      const angle = face.rotation?.angle ?? { yaw: 0, pitch: 0, roll: 0 }
      return {
        box: face.box.map((v) => Math.round(v)) as [number, number, number, number],
        score: face.score,
        yaw: angle.yaw,
        pitch: angle.pitch,
        roll: angle.roll,
        mouthOpen: mouth ? Number(mouth[1]) / 100 : 0,
        blinkLeft: gestures.includes('blink left eye'),
        blinkRight: gestures.includes('blink right eye'),
        happy: face.emotion?.find((e) => e.emotion === 'happy')?.score ?? 0,
        real: face.real ?? 0,
        live: face.live ?? 0,
        embedding: Array.from(face.embedding ?? []),
      }
    })
    return { width: info.width, height: info.height, faces }
  } finally {
    tensor.dispose()
  }
}

serveModelRequests(parentPort, analyse)
