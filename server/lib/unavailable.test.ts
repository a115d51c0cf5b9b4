import Fastify from 'fastify'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { errorsPlugin } from '#server/plugins/errors.ts'
import { AppError } from './errors.ts'
import { isDatabaseUnavailable } from './unavailable.ts'

/** The error a pool gives when nothing listens where the database should be. */
async function refusedQueryError(): Promise<unknown> {
  const pool = new pg.Pool({
    connectionString: 'postgres://nobody@127.0.0.1:1/none',
    connectionTimeoutMillis: 2000,
  })
  pool.on('error', () => {})
  try {
    await pool.query('select 1')
    throw new Error('the query should have failed')
  } catch (error) {
    return error
  } finally {
    await pool.end()
  }
}

describe('a database that cannot be reached', () => {
  it('is told apart from other failures, also when wrapped', async () => {
    const refused = await refusedQueryError()
    expect(isDatabaseUnavailable(refused)).toBe(true)
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true)
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    })
    expect(isDatabaseUnavailable(shutdown)).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    const uniqueViolation = Object.assign(new Error('duplicate key'), { code: '23505' })
    expect(isDatabaseUnavailable(uniqueViolation)).toBe(false)
    expect(isDatabaseUnavailable(new AppError('chat.not_enough_credits', 402))).toBe(false)
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false)
  })

  it('answers 503 at once with a message in the visitor’s language and when to retry', async () => {
    const refused = await refusedQueryError()
    const app = Fastify({ logger: false })
    app.decorateRequest('locale', 'en')
    app.addHook('onRequest', async (request) => {
      request.locale = request.headers['accept-language'] === 'fr' ? 'fr' : 'en'
    })
    await app.register(errorsPlugin)
    app.get('/api/thing', async () => {
      throw refused
    })
    app.get('/api/bug', async () => {
      throw new TypeError('x is undefined')
    })
    const fr = await app.inject({ url: '/api/thing', headers: { 'accept-language': 'fr' } })
    expect(fr.statusCode).toBe(503)
    expect(fr.headers['retry-after']).toBe('5')
    expect(fr.json().error).toEqual({
      code: 'server.unavailable',
      message: 'Le site est momentanément indisponible, veuillez réessayer dans quelques secondes.',
    })
    const en = await app.inject({ url: '/api/thing' })
    expect(en.json().error.message).toMatch(/unavailable for a moment/)
    // Anything else stays a 500: a bug is not an outage.
    expect((await app.inject({ url: '/api/bug' })).statusCode).toBe(500)
    await app.close()
  })
})
