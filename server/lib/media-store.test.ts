import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isMediaKey, localMediaStore, parseS3Url } from './media-store.ts'

describe('S3_URL', () => {
  it('names the endpoint, the keys, the bucket, a folder and a region', () => {
    expect(
      parseS3Url('https://AKIA1%2F:s3cr%40t@s3.eu-west-1.amazonaws.com/photos/live?region=eu-west-1'),
    ).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      accessKeyId: 'AKIA1/',
      secretAccessKey: 's3cr@t',
      bucket: 'photos',
      prefix: 'live/',
    })
    expect(parseS3Url('http://k:s@127.0.0.1:9000/media')).toMatchObject({ region: 'us-east-1', prefix: '' })
    expect(() => parseS3Url('http://127.0.0.1:9000/media')).toThrow(/keys and a bucket/)
  })
})

describe('media keys', () => {
  it('are plain relative paths', () => {
    for (const key of ['u/2026-11/0123abcd.webp', 'c/2026-11/ab-thumb.webp', 'demo/f-older-brown-2.webp'])
      expect(isMediaKey(key), key).toBe(true)
    for (const key of ['../etc/passwd', '/u/a.webp', 'u/../../x.webp', 'u//a.webp', 'u/a b.webp', 'u'])
      expect(isMediaKey(key), key).toBe(false)
  })

  it('a local store writes, reads, tells and removes by key, and reads nothing outside its folder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'media-store-'))
    const store = localMediaStore(dir)
    await store.put('u/2026-11/a.webp', Buffer.from('photo'), 'image/webp')
    expect(await store.has('u/2026-11/a.webp')).toBe(true)
    const file = await store.get('u/2026-11/a.webp')
    expect(file && Buffer.concat(await file.body.toArray()).toString()).toBe('photo')
    expect(file?.contentType).toBe('image/webp')
    expect(await store.get('u/../../etc/passwd')).toBeNull()
    await store.remove(['u/2026-11/a.webp', 'u/2026-11/gone.webp'])
    expect(await store.get('u/2026-11/a.webp')).toBeNull()
    rmSync(dir, { recursive: true, force: true })
  })
})
