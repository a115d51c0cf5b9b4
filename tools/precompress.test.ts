import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { precompress } from './precompress.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('precompressing the client build', () => {
  it('writes a brotli and a gzip copy beside each text asset, and leaves small files and images alone', async () => {
    const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))}\n`
    writeFileSync(path.join(dir, 'app.js'), script)
    writeFileSync(path.join(dir, 'tiny.css'), 'a{color:red}')
    writeFileSync(path.join(dir, 'photo.webp'), Buffer.alloc(4096, 7))
    const result = await precompress(dir)
    expect(result.files).toBe(1)
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'app.js.br'))).toString()).toBe(script)
    expect(gunzipSync(readFileSync(path.join(dir, 'app.js.gz'))).toString()).toBe(script)
    expect(result.brotli).toBeLessThan(result.bytes / 3)
    expect(existsSync(path.join(dir, 'tiny.css.br'))).toBe(false)
    expect(existsSync(path.join(dir, 'photo.webp.br'))).toBe(false)
  })
})
