// The ceiling of bench/search-ceiling.ts: a bare node:http server with pg, no framework, that runs
// the queries one member search ran (the JSON file argv[2]: text, values and row mode of each, in
// the order and grouping the service ran them) and answers every one's rows as JSON, compressed as
// the app compresses (server/lib/compression.ts): the same work on the same data,
// without the app's framework, session, validation and mapping.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import pg from 'pg'
import {
  BROTLI_QUALITY,
  COMPRESS_FROM_BYTES,
  COMPRESS_IN_ONE_CALL_BYTES,
  GZIP_LEVEL,
} from '../server/lib/compression.ts'

const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }
/** As @fastify/compress does with the app's options: in one call up to a size, else on the threadpool. */
const brotli = (json: string) =>
  Buffer.byteLength(json) <= COMPRESS_IN_ONE_CALL_BYTES
    ? brotliCompressSync(json, brotliOptions)
    : promisify(brotliCompress)(json, brotliOptions)
const gzipped = (json: string) =>
  Buffer.byteLength(json) <= COMPRESS_IN_ONE_CALL_BYTES
    ? gzipSync(json, { level: GZIP_LEVEL })
    : promisify(gzip)(json, { level: GZIP_LEVEL })

interface Recorded {
  text: string
  values: unknown[]
  rowMode?: 'array'
}
const groups = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Recorded[][]
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 })

createServer((request, response) => {
  ;(async () => {
    const rows: unknown[] = []
    for (const group of groups) {
      const results = await Promise.all(
        group.map((q) =>
          q.rowMode === 'array'
            ? pool.query({ text: q.text, values: q.values, rowMode: 'array' })
            : pool.query({ text: q.text, values: q.values }),
        ),
      )
      for (const result of results) rows.push(result.rows)
    }
    const json = JSON.stringify({ results: rows })
    const accepts = request.headers['accept-encoding'] ?? ''
    const encoding =
      json.length < COMPRESS_FROM_BYTES
        ? null
        : accepts.includes('br')
          ? 'br'
          : accepts.includes('gzip')
            ? 'gzip'
            : null
    const body =
      encoding === 'br' ? await brotli(json) : encoding === 'gzip' ? await gzipped(json) : Buffer.from(json)
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': body.byteLength,
      ...(encoding ? { 'content-encoding': encoding } : {}),
    })
    response.end(body)
  })().catch((error: Error) => {
    response.writeHead(500)
    response.end(error.message)
  })
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'))
