import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import exifr from 'exifr'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema/members.ts'
import { signupMember } from '../../../tests/support/accounts.ts'
import { pngDeclaring } from '../../../tests/support/images.ts'
import { multipartFile } from '../../../tests/support/multipart.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
let jpegWithGps: Buffer
let png: Buffer

beforeAll(async () => {
  t = await createTestApp()
  jpegWithGps = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c2185b' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Model', Copyright: 'Someone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 5/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 53/1 0/1',
      },
    })
    .toBuffer()
  png = await sharp({ create: { width: 300, height: 400, channels: 4, background: '#00796b' } })
    .png()
    .toBuffer()
})
afterAll(() => t.close())

function upload(cookie: string | undefined, content: Buffer, type = 'image/jpeg', name = 'me.jpg') {
  const { payload, headers } = multipartFile('photo', name, type, content)
  return t.app.inject({
    method: 'POST',
    url: '/api/photos.php',
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  })
}

const ownProfile = async (cookie: string) =>
  (await t.app.inject({ url: '/api/profile.php', headers: { cookie } })).json().profile

describe('photos', () => {
  it('re-encodes an upload: no metadata survives, GPS included; a display image and a thumbnail', async () => {
    expect((await exifr.gps(jpegWithGps))?.latitude).toBeCloseTo(52.083, 2)
    const m = await signupMember(t.app)
    const res = await upload(m.cookie, jpegWithGps)
    expect(res.statusCode).toBe(201)
    const { photo } = res.json()
    expect(photo).toMatchObject({ status: 'active' })
    expect(photo.filename).toMatch(/^\/media\/u\/\d{4}-\d{2}\/[0-9a-f]{32}\.webp$/)
    const mediaDir = path.join(t.env.DATA_DIR, 'media')
    for (const url of [photo.filename, photo.thumb_filename]) {
      const stored = await readFile(path.join(mediaDir, url.replace('/media/', '')))
      const meta = await sharp(stored).metadata()
      expect(meta.format).toBe('webp')
      expect(meta.exif).toBeUndefined()
      expect(await exifr.parse(stored, { gps: true, tiff: true }).catch(() => undefined)).toBeUndefined()
    }
    const display = await sharp(
      await readFile(path.join(mediaDir, photo.filename.replace('/media/', ''))),
    ).metadata()
    expect([display.width, display.height]).toEqual([1080, 810])
    const thumb = await sharp(
      await readFile(path.join(mediaDir, photo.thumb_filename.replace('/media/', ''))),
    ).metadata()
    expect([thumb.width, thumb.height]).toEqual([240, 240])
    const profile = await ownProfile(m.cookie)
    expect(profile.photos).toEqual([expect.objectContaining({ id: photo.id, main: true })])
    // The member's main image carries `match` (spec section 3): the picture the match modal shows.
    const { user } = (await t.app.inject({ url: '/api/user.php', headers: { cookie: m.cookie } })).json()
    expect(user.profile.main_image).toEqual({
      filename: photo.filename,
      thumb_filename: photo.thumb_filename,
      status: 'active',
      match: photo.thumb_filename,
    })
  })

  it('refuses a file that is not an image, with a clear message', async () => {
    const m = await signupMember(t.app)
    const res = await upload(m.cookie, Buffer.from('%PDF-1.4 not an image at all'), 'image/jpeg', 'cv.pdf')
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toEqual({
      code: 'photos.not_image',
      message: 'This file is not a photo we can read. Please choose a JPEG, PNG or WebP image.',
    })
  })

  it('refuses a file over 10 MB and an image with too many pixels', async () => {
    const m = await signupMember(t.app)
    const big = await upload(m.cookie, Buffer.alloc(11 * 1024 * 1024, 1))
    expect(big.statusCode).toBe(413)
    expect(big.json().error.code).toBe('photos.too_large')
    // A few hundred bytes declaring 6300 × 6300 pixels: refused from its header, never decoded.
    const bomb = await pngDeclaring(6300, 6300)
    expect(bomb.length).toBeLessThan(1000)
    const pixels = await upload(m.cookie, bomb, 'image/png', 'huge.png')
    expect(pixels.statusCode).toBe(400)
    expect(pixels.json().error).toEqual({
      code: 'photos.too_many_pixels',
      message: 'This photo has too many pixels. Please choose a smaller one (at most 25 megapixels).',
    })
  })

  it('refuses an upload past the photo limit before the image is read (issue 36, point 4)', async () => {
    const m = await signupMember(t.app)
    for (let i = 0; i < 3; i++)
      expect((await upload(m.cookie, png, 'image/png', 'p.png')).statusCode).toBe(201)
    // At the limit, six bombs at once: each is refused for the limit (403), not read (a decode
    // would have said 400), and each at once.
    const bomb = await pngDeclaring(6300, 6300)
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => upload(m.cookie, bomb, 'image/png', 'bomb.png')),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(403))
    expect(answers[0].json().error.code).toBe('photos.limit_reached')
  })

  // spec: PROD-4, ROLE-2, CONST-1
  it('holds up to 3 photos for a free member and 25 for a Premium member', async () => {
    const m = await signupMember(t.app)
    for (let i = 0; i < 3; i++)
      expect((await upload(m.cookie, png, 'image/png', 'p.png')).statusCode).toBe(201)
    const fourth = await upload(m.cookie, png, 'image/png', 'p.png')
    expect(fourth.statusCode).toBe(403)
    expect(fourth.json().error).toEqual({
      code: 'photos.limit_reached',
      message: 'You can have at most 3 photos.',
    })
    await t.database.db.update(users).set({ paidUser: true }).where(eq(users.id, m.user.id))
    for (let i = 3; i < 25; i++)
      expect((await upload(m.cookie, png, 'image/png', 'p.png')).statusCode).toBe(201)
    expect((await upload(m.cookie, png, 'image/png', 'p.png')).json().error.message).toBe(
      'You can have at most 25 photos.',
    )
  })

  it('deleting the main photo makes the next one main; nobody deletes another member’s photo', async () => {
    const a = await signupMember(t.app)
    const b = await signupMember(t.app)
    const first = (await upload(a.cookie, png, 'image/png')).json().photo
    const second = (await upload(a.cookie, png, 'image/png')).json().photo
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: '/api/photos.php',
      payload: { photo: first.id },
      headers: { cookie: b.cookie },
    })
    expect(foreign.statusCode).toBe(404)
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/photos.php',
      payload: { photo: first.id },
      headers: { cookie: a.cookie },
    })
    expect(res.json()).toEqual({ ok: true })
    expect((await ownProfile(a.cookie)).photos).toEqual([
      expect.objectContaining({ id: second.id, main: true }),
    ])
  })

  it('makes another of my photos the main one, and only mine', async () => {
    const a = await signupMember(t.app)
    const b = await signupMember(t.app)
    await upload(a.cookie, png, 'image/png')
    const second = (await upload(a.cookie, png, 'image/png')).json().photo
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/photos.php',
      payload: { photo: second.id },
      headers: { cookie: b.cookie },
    })
    expect(foreign.statusCode).toBe(404)
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/photos.php',
      payload: { photo: second.id },
      headers: { cookie: a.cookie },
    })
    expect(res.json()).toEqual({ ok: true })
    const main = (await ownProfile(a.cookie)).photos.find((p: { main: boolean }) => p.main)
    expect(main.id).toBe(second.id)
  })

  it('answers a visitor 403', async () => {
    const res = await upload(undefined, png, 'image/png')
    expect(res.statusCode).toBe(403)
    expect(res.json().error.code).toBe('authentication_required')
  })
})
