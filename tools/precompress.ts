import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text assets worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/
/** Below this, the headers of a compressed answer cost more than they save. */
const MIN_BYTES = 1024

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesIn(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  )
  return nested.flat()
}

/**
 * Writes a .br (best quality) and a .gz beside every text asset of a directory, once, so that the
 * server sends them as they are (issue 19) instead of compressing each request.
 */
export async function precompress(dir: string): Promise<{ files: number; bytes: number; brotli: number }> {
  let files = 0
  let bytes = 0
  let brotliBytes = 0
  for (const file of await filesIn(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue
    const content = await readFile(file)
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: 9 }),
    ])
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
    files++
    bytes += content.length
    brotliBytes += br.length
  }
  return { files, bytes, brotli: brotliBytes }
}

/**
 * The Vite plugin: precompresses the client build once everything of it is written (not in
 * development).
 */
export function precompressPlugin(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async closeBundle() {
      // React Router builds the client, then the server, and writes the client's route manifest
      // while building the server: the client's assets are complete when the server build closes.
      if (this.environment?.name !== 'ssr') return
      const clientDir = this.environment.getTopLevelConfig().environments.client?.build.outDir
      if (!clientDir) return
      const result = await precompress(clientDir)
      this.info(`precompressed ${result.files} files: ${result.bytes} bytes, ${result.brotli} in brotli`)
    },
  }
}
