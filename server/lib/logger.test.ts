import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema/members.ts'
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts'

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
