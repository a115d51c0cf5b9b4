import { PassThrough } from 'node:stream'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema/members.ts'
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts'
import { readEnv } from '../env.ts'
import { bindRequestIds, loggerOptions, readableLogLine, requestIdOptions } from './logger.ts'

// Database errors are logged without the values of their query (issue 13, point 12).

let t: TestApp
const logs: string[] = []

beforeAll(async () => {
  const stream = new PassThrough()
  stream.on('data', (chunk) => logs.push(String(chunk)))
  t = await createTestApp({ logStream: stream })
})
afterAll(() => t.close())

describe('logs', () => {
  it('keep the failed query but not its parameters, on PGlite and PostgreSQL', async () => {
    const email = 'leak-check@example.com'
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$c2VjcmV0aGFzaHZhbHVl'
    const error = await t.database.db
      .insert(users)
      .values({ siteId: 987_654, email, passwordHash: hash, status: 'active' })
      .then(() => null)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(String((error as Error).message)).toContain(email)
    t.app.log.error({ err: error }, 'request failed')
    await new Promise((r) => setTimeout(r, 20))
    const line = logs.find((l) => l.includes('request failed')) ?? ''
    expect(line).toContain('Failed query: insert into \\"users\\"')
    expect(line).not.toContain(email)
    expect(line).not.toContain('argon2id')
    expect(line).not.toContain('987654')
  })
})

describe('request ids', () => {
  it('are on every line logged while serving a request, the services’ own included, and follow nginx’s', async () => {
    const lines: Array<Record<string, unknown>> = []
    const stream = new PassThrough()
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
    })
    const app = Fastify({
      logger: { ...loggerOptions(readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info' })), stream },
      ...requestIdOptions,
    })
    bindRequestIds(app)
    // A service logs through the app's logger, after an await, not through request.log.
    const service = {
      work: async () => {
        await new Promise((r) => setTimeout(r, 5))
        app.log.warn('the service had a problem')
      },
    }
    app.get('/work', async (request) => {
      await service.work()
      return { id: request.id }
    })
    const fromNginx = 'a3f9c2e1b4d5a6f7e8d9c0b1a2f3e4d5'
    const first = await app.inject({ url: '/work', headers: { 'x-request-id': fromNginx } })
    const second = await app.inject({ url: '/work', headers: { 'x-request-id': 'forged id\n{"level":60}' } })
    const third = await app.inject({ url: '/work' })
    app.log.info('outside any request')
    await new Promise((r) => setTimeout(r, 20))
    await app.close()

    expect(first.json().id).toBe(fromNginx)
    const own = second.json().id
    expect(own).toMatch(/^[0-9a-f]{16}$/)
    // The node's half, then its count: the next request's id is another.
    expect(third.json().id).toMatch(/^[0-9a-f]{16}$/)
    expect(third.json().id.slice(0, 8)).toBe(own.slice(0, 8))
    expect(third.json().id).not.toBe(own)
    for (const id of [fromNginx, own]) {
      const mine = lines.filter((l) => l.reqId === id)
      expect(mine.map((l) => l.msg)).toEqual([
        'incoming request',
        'the service had a problem',
        'request completed',
      ])
    }
    expect(lines.find((l) => l.msg === 'outside any request')).not.toHaveProperty('reqId')
    // Never twice on one line (the request's logger has it among its bindings already).
    for (const line of lines) expect(JSON.stringify(line).split('"reqId"').length).toBeLessThanOrEqual(2)
  })
})

describe('the demo’s readable log (LOG_FORMAT=text)', () => {
  it('writes a line a person reads per event, the stack under an error, and none per request', async () => {
    const lines: string[] = []
    const stream = new PassThrough()
    stream.on('data', (chunk) => lines.push(...String(chunk).split('\n').filter(Boolean)))
    const demo = await createTestApp({ logStream: stream, env: { LOG_FORMAT: 'text' } })
    try {
      expect((await demo.app.inject({ url: '/healthz' })).statusCode).toBe(200)
      demo.app.log.info('Empty database: creating 300 demo members')
      demo.app.log.error({ err: new Error('the outbox is full') }, 'mail failed')
      await new Promise((resolve) => setImmediate(resolve))
      expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d Empty database: creating 300 demo members$/)
      expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d ERROR mail failed$/)
      expect(lines[2]).toBe('  Error: the outbox is full')
      expect(lines.slice(3).every((line) => /^\s+at /.test(line))).toBe(true)
      expect(lines.some((line) => line.includes('/healthz') || line.startsWith('{'))).toBe(false)
    } finally {
      await demo.close()
    }
  })

  it('leaves a line that is not pino’s JSON as it is', () => {
    expect(readableLogLine('not json')).toBe('not json')
    expect(readableLogLine('{"level":40,"time":0,"msg":"slow"}')).toBe('00:00:00 WARN slow')
  })
})
