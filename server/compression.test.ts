import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../tests/support/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('compressed answers', () => {
  it('sends text in brotli or gzip as the browser asks, and plain to one that asks for neither', async () => {
    const plain = await t.app.inject({ url: '/api/settings.php' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    const br = await t.app.inject({
      url: '/api/settings.php',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json())
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
    const gz = await t.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<urlset')
  })
})
