import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const manifestOf = async (host: string, language = 'en') => {
  const res = await t.app.inject({
    url: '/manifest.webmanifest',
    headers: { host, 'accept-language': language },
  })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toContain('application/manifest+json')
  return res.json()
}

describe('the web app manifest', () => {
  it('names each brand, in the visitor’s language, as an installable standalone app', async () => {
    const luna = await manifestOf('localhost:3000')
    expect(luna).toMatchObject({
      name: 'LunaDate',
      short_name: 'LunaDate',
      display: 'standalone',
      start_url: '/',
      scope: '/',
      theme_color: '#c2185b',
      lang: 'en',
    })
    const secret = await manifestOf('www.rendezvous-secret.fr', 'fr')
    expect(secret.name).toBe('Rendez-vous Secret')
    expect(secret.lang).toBe('fr')
    expect(secret.description).not.toBe(luna.description)
  })

  it('lists icons of 192 and 512 pixels, plain and maskable, each served as a PNG of its size', async () => {
    const { icons } = await manifestOf('localhost:3000')
    expect(icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '192x192 maskable',
      '512x512 maskable',
    ])
    for (const icon of icons) {
      const res = await t.app.inject({ url: icon.src })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/png')
      const meta = await sharp(res.rawPayload).metadata()
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes)
      expect(meta.format).toBe('png')
    }
    // A maskable icon fills its square: its corner is the theme colour, not transparent.
    const maskable = await t.app.inject({ url: '/icons/app-maskable-192.png' })
    const { data } = await sharp(maskable.rawPayload).raw().toBuffer({ resolveWithObject: true })
    expect([...data.subarray(0, 4)]).toEqual([0xc2, 0x18, 0x5b, 255])
    expect((await t.app.inject({ url: '/icons/app-300.png' })).statusCode).toBe(400)
  })

  it('answers /favicon.ico with the app icon, for the pages the server writes itself (issue 56)', async () => {
    const res = await t.app.inject({ url: '/favicon.ico' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    const meta = await sharp(res.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 32, 32])
  })
})
