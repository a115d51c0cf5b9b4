import { describe, expect, it } from 'vitest'
import { isChunkLoadError, mayReloadForChunk } from './chunk-reload.ts'

describe('chunk reload', () => {
  // spec: ERR-15
  it('reloads at most once per 60 s', () => {
    expect(mayReloadForChunk(null, 1_000_000)).toBe(true)
    expect(mayReloadForChunk(1_000_000, 1_059_999)).toBe(false)
    expect(mayReloadForChunk(1_000_000, 1_060_000)).toBe(true)
  })

  it('recognises failed dynamic imports only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    )
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
  })
})
