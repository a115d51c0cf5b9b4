// The ceiling of bench/search-ceiling.ts: a bare node:http server with pg, no framework, that runs
// the queries one member search ran (the JSON file argv[2]: text, values and row mode of each, in
// the order and grouping the service ran them) and answers every one's rows as JSON, compressed as
// the app compresses (server/lib/compression.ts), in a node started with the app node's flags
// (server/node-flags.ts): the same work on the same data, without the app's framework, session,
// validation and mapping.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, gzip, gzipSync } from 'node:zlib'
import pg from 'pg'
import { POOL_SIZE } from '../server/db/pool.ts'
import {
  BROTLI_OPTIONS,
  COMPRESS_FROM_BYTES,
  COMPRESS_IN_ONE_CALL_BYTES,
  GZIP_OPTIONS,
} from '../server/lib/compression.ts'

const inOneCall = { br: brotliCompressSync, gzip: gzipSync } as const
const onThreadpool = { br: promisify(brotliCompress), gzip: promisify(gzip) } as const
/** As @fastify/compress does with the app's options: in one call up to a size, else on the threadpool. */
const compress = (json: string, encoding: 'br' | 'gzip') => {
  const options = encoding === 'br' ? BROTLI_OPTIONS : GZIP_OPTIONS
  return Buffer.byteLength(json) <= COMPRESS_IN_ONE_CALL_BYTES
    ? inOneCall[encoding](json, options)
    : onThreadpool[encoding](json, options)
}

interface Recorded {
  text: string
  values: unknown[]
  rowMode?: 'array'
}
const groups = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Recorded[][]
// As the app's pool: its POOL_SIZE connections, kept however quiet it gets.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE, min: POOL_SIZE })

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
    const body = encoding ? await compress(json, encoding) : Buffer.from(json)
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
