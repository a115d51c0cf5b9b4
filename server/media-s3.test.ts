import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { GetObjectCommand } from '@aws-sdk/client-s3'
import { sql } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import S3rver from 's3rver'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { activeMember } from '../tests/support/accounts.ts'
import { sendPaidMessage } from '../tests/support/chat.ts'
import { lastMailTo, linkIn } from '../tests/support/mail.ts'
import { multipartBody, multipartFile } from '../tests/support/multipart.ts'
import { memberRequest } from '../tests/support/requests.ts'
import { createTestApp, type TestApp } from '../tests/support/test-app.ts'
import { parseS3Url, s3ClientOf } from './lib/media-store.ts'

// A local S3-compatible server (s3rver), started by the test, with the bucket the app is told of.
let s3: S3rver
let bucketDir: string
let t: TestApp
let url: string
let jpeg: Buffer

beforeAll(async () => {
  bucketDir = mkdtempSync(path.join(tmpdir(), 'dating-s3-'))
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: bucketDir,
    configureBuckets: [{ name: 'media', configs: [] }],
  })
  const { port } = (await s3.run()) as { port: number }
  url = `http://S3RVER:S3RVER@127.0.0.1:${port}/media/photos`
  t = await createTestApp({ env: { S3_URL: url } })
  jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7b1fa2' } })
    .jpeg()
    .toBuffer()
})
afterAll(async () => {
  await t.close()
  await s3.close()
  rmSync(bucketDir, { recursive: true, force: true })
})

/** The object the bucket holds under a media key (its folder included), or null. */
async function inBucket(key: string): Promise<Buffer | null> {
  const config = parseS3Url(url)
  const client = s3ClientOf(config)
  try {
    const object = await client.send(
      new GetObjectCommand({ Bucket: config.bucket, Key: config.prefix + key }),
    )
    return Buffer.from(
      await (object.Body as { transformToByteArray: () => Promise<Uint8Array> }).transformToByteArray(),
    )
  } catch {
    return null
  }
}

const localFiles = () => {
  try {
    return readdirSync(path.join(t.env.DATA_DIR, 'media'), { recursive: true }).filter((f) =>
      String(f).endsWith('.webp'),
    )
  } catch {
    return []
  }
}

describe('photos on S3-compatible storage (S3_URL)', () => {
  it('keeps a profile photo in the bucket, serves it through the app, and removes it with the photo', async () => {
    const m = await activeMember(t.app)
    const { payload, headers } = multipartFile('photo', 'me.jpg', 'image/jpeg', jpeg)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/photos.php',
      payload,
      headers: { ...headers, cookie: m.cookie },
    })
    expect(res.statusCode).toBe(201)
    const { photo } = res.json()
    const key = photo.filename.replace('/media/', '')
    const stored = await inBucket(key)
    expect(stored && (await sharp(stored).metadata()).format).toBe('webp')
    expect(await inBucket(photo.thumb_filename.replace('/media/', ''))).not.toBeNull()
    // Nothing on this node's disk: another node reads the same bucket.
    expect(localFiles()).toEqual([])
    const served = await t.app.inject({ url: photo.filename })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toContain('immutable')
    expect(Buffer.compare(served.rawPayload, stored as Buffer)).toBe(0)
    expect((await t.app.inject({ url: '/media/u/2020-01/nothere.webp' })).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/media/../secrets.webp' })).statusCode).toBe(404)

    const removed = await memberRequest(t.app, m, 'DELETE', '/api/photos.php', { photo: photo.id })
    expect(removed.statusCode).toBe(200)
    expect(await inBucket(key)).toBeNull()
    expect((await t.app.inject({ url: photo.filename })).statusCode).toBe(404)
  })

  it('gives a chat photo from the bucket to the two members of the chat only', async () => {
    const a = await activeMember(t.app, { name: 'Sender' })
    const b = await activeMember(t.app, { name: 'Reader', gender: 'female' })
    const conversation = await sendPaidMessage(t.app, a, b)
    const { body, contentType } = multipartBody(
      {
        kind: 'photo',
        conversation: String(conversation),
        client_id: randomBytes(9).toString('base64url'),
        text: '',
      },
      { field: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: jpeg },
    )
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/message-file.php',
      payload: body,
      headers: { cookie: a.cookie, 'content-type': contentType },
    })
    expect(sent.statusCode).toBe(200)
    const { filename } = sent.json().message.photo
    expect(await inBucket(filename.replace('/media/', ''))).not.toBeNull()
    const outsider = await activeMember(t.app, { name: 'Outsider' })
    expect((await t.app.inject({ url: filename, headers: { cookie: b.cookie } })).statusCode).toBe(200)
    expect((await t.app.inject({ url: filename, headers: { cookie: outsider.cookie } })).statusCode).toBe(404)
    expect((await t.app.inject({ url: filename })).statusCode).toBe(404)
  })

  it('keeps a data export in the bucket’s private folder: the mailed link gets it, /media/ never does', async () => {
    const m = await activeMember(t.app, { name: 'Exporter' })
    expect((await memberRequest(t.app, m, 'POST', '/api/data-export.php')).statusCode).toBe(200)
    expect(await t.app.services.exports.prepareWaiting()).toBe(1)
    const [{ file }] = await queryRows<{ file: string }>(
      t.database.db,
      sql`select file from data_exports where user_id = ${m.user.id}`,
    )
    const stored = await inBucket(`private/exports/${file}`)
    expect(stored).not.toBeNull()
    // Not on this node's disk: the node that answers the link may be another one.
    expect(existsSync(path.join(t.env.DATA_DIR, 'exports'))).toBe(false)
    for (const url of [`/media/private/exports/${file}`, `/media/exports/${file}`])
      expect((await t.app.inject({ url })).statusCode).toBe(404)

    const link = new URL(
      linkIn((await lastMailTo(t.database.db, m.email))?.text ?? '', '/api/data-export.php'),
    )
    const res = await t.app.inject({ url: `${link.pathname}${link.search}`, headers: { cookie: m.cookie } })
    expect(res.statusCode).toBe(200)
    expect(
      JSON.parse(Buffer.from(unzipSync(new Uint8Array(res.rawPayload))['profile.json']).toString()),
    ).toMatchObject({ profile: { name: 'Exporter' } })
    expect(Buffer.compare(res.rawPayload, stored as Buffer)).toBe(0)
  })
})
