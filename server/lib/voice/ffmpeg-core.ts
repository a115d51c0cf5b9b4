import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

/** What the voice thread (and the bench) use of FFmpeg's WebAssembly build. */
interface FFmpegCore {
  FS: {
    writeFile(path: string, data: Uint8Array): void
    readFile(path: string): Uint8Array
    unlink(path: string): void
  }
  exec(...args: string[]): number
  reset(): void
}

const require = createRequire(import.meta.url)
const CORE = require.resolve('@ffmpeg/core').replace(/umd[/\\]ffmpeg-core\.js$/, 'esm/ffmpeg-core.js')

/** FFmpeg's WebAssembly build from node_modules (@ffmpeg/core), loaded in this thread: nothing fetched. */
export async function loadFFmpeg(): Promise<FFmpegCore> {
  // The build expects a web worker: its own address is all it reads of one, and its binary is given.
  ;(globalThis as { self?: unknown }).self = { location: { href: pathToFileURL(CORE).href } }
  const { default: create } = (await import(pathToFileURL(CORE).href)) as {
    default: (options: { wasmBinary: Uint8Array }) => Promise<FFmpegCore>
  }
  return create({ wasmBinary: readFileSync(CORE.replace(/\.js$/, '.wasm')) })
}
