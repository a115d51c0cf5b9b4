import { gunzipSync } from 'node:zlib'
import compress from '@fastify/compress'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { COMPRESS_IN_ONE_CALL_BYTES, compressionOptions } from './compression.ts'

/** A JSON answer of about `bytes`, as a search page's is: many similar records. */
const answerOf = (bytes: number) => ({
  profiles: Array.from({ length: Math.ceil(bytes / 200) }, (_, i) => ({
    id: i,
    name: `member ${i}`,
    main_image: { filename: `/media/demo/f-${i}.webp`, thumb_filename: `/media/demo/f-${i}-thumb.webp` },
  })),
})

async function answered(bytes: number) {
  const app = Fastify()
  await app.register(compress, compressionOptions)
  app.get('/', async () => answerOf(bytes))
  const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } })
  await app.close()
  return res
}

describe('how answers are compressed (server/lib/compression.ts)', () => {
  it('compresses an answer held in memory, up to 64 KiB, in one call: sent whole with its length', async () => {
    // 20 KiB: past the size @fastify/compress would stream at on a machine of 2 cores or more.
    const res = await answered(20 * 1024)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers['transfer-encoding']).toBeUndefined()
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(answerOf(20 * 1024))
  })

  it('streams a larger one, compressed, without a length', async () => {
    const res = await answered(COMPRESS_IN_ONE_CALL_BYTES * 2)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers['content-length']).toBeUndefined()
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(
      answerOf(COMPRESS_IN_ONE_CALL_BYTES * 2),
    )
  })
})
