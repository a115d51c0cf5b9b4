// The ceiling of bench/search-ceiling.ts: a bare node:http server with pg, no framework, that runs
// the queries one member search ran (the JSON file argv[2]: text, values and row mode of each, in
// the order and grouping the service ran them) and answers the first one's rows as JSON.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import pg from 'pg'

interface Recorded {
  text: string
  values: unknown[]
  rowMode?: 'array'
}
const groups = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Recorded[][]
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 })

createServer((_request, response) => {
  ;(async () => {
    let first: unknown = null
    for (const group of groups) {
      const results = await Promise.all(
        group.map((q) =>
          q.rowMode === 'array'
            ? pool.query({ text: q.text, values: q.values, rowMode: 'array' })
            : pool.query({ text: q.text, values: q.values }),
        ),
      )
      first ??= results[0].rows
    }
    const body = JSON.stringify({ members: first })
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    response.end(body)
  })().catch((error: Error) => {
    response.writeHead(500)
    response.end(error.message)
  })
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'))
