// The ceiling of bench/search-ceiling.ts: a bare node:http server with pg, no framework, that runs
// the queries one member search ran (the JSON file argv[2]: text, values and row mode of each, in
// the order and grouping the service ran them) and answers every one's rows as JSON, compressed as
// the app compresses (gzip 6 or brotli 5 as asked, from 1 KiB): the same work on the same data,
// without the app's framework, session, validation and mapping.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import pg from 'pg'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

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
      json.length < 1024 ? null : accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : null
    const body =
      encoding === 'br'
        ? await brotli(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? await gzipped(json, { level: 6 })
          : Buffer.from(json)
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
