import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, testEnv } from '../tests/support/test-app.ts'
import { buildApp } from './app.ts'
import { readEnv } from './env.ts'

/** Two app nodes on one database, with Redis or without, and one clock that the tests move. */
async function twoNodes(redisUrl?: string) {
  const db = await createTestDatabase()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dating-limits-'))
  let at = new Date('2026-03-02T10:00:00Z')
  const nodes: FastifyInstance[] = []
  for (let i = 0; i < 2; i++) {
    const env = readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) })
    nodes.push(await buildApp({ env, database: db.database, pages: false, logger: false, clock: () => at }))
  }
  return {
    nodes,
    move: (ms: number) => {
      at = new Date(at.getTime() + ms)
    },
    close: async () => {
      for (const node of nodes) await node.close()
      await db.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Asks for a password reset (10 an hour per address) on one node, from one address, for no account. */
const askReset = (node: FastifyInstance, address: string) =>
  node.inject({
    method: 'POST',
    url: '/api/password-reset.php',
    payload: { email: 'nobody@example.com' },
    headers: { host: 'localhost:3000' },
    remoteAddress: address,
  })

describe('rate limits across two app nodes on one database, without Redis', () => {
  let cluster: Awaited<ReturnType<typeof twoNodes>>
  beforeAll(async () => {
    cluster = await twoNodes()
  })
  afterAll(() => cluster.close())

  it('count every node’s requests against one limit, and start again when the window ends by the app’s clock', async () => {
    const [a, b] = cluster.nodes
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) statuses.push((await askReset(i % 2 ? b : a, '10.1.1.1')).statusCode)
    // Answered (as every address is, account or not) and counted.
    expect(statuses).toEqual(Array(10).fill(200))
    const refused = await askReset(b, '10.1.1.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.code).toBe('request.rate_limited')
    expect((await askReset(a, '10.1.1.1')).statusCode).toBe(429)
    // Another address has its own count.
    expect((await askReset(a, '10.1.1.2')).statusCode).toBe(200)
    cluster.move(61 * 60_000)
    expect((await askReset(b, '10.1.1.1')).statusCode).toBe(200)
  })

  it('hold under a burst: 40 requests at once on two nodes, 10 answered (issue 55, point 4)', async () => {
    const [a, b] = cluster.nodes
    const statuses = (
      await Promise.all(Array.from({ length: 40 }, (_, i) => askReset(i % 2 ? b : a, '10.1.2.1')))
    ).map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(30)
  })
})

// With Redis (.ci/run sets TEST_REDIS_URL), the nodes count there.
describe.runIf(Boolean(testEnv.TEST_REDIS_URL))('rate limits across two app nodes through Redis', () => {
  let cluster: Awaited<ReturnType<typeof twoNodes>>
  beforeAll(async () => {
    cluster = await twoNodes(testEnv.TEST_REDIS_URL)
  })
  afterAll(() => cluster.close())

  it('count every node’s requests against one limit', async () => {
    const [a, b] = cluster.nodes
    // An address of its own each run: Redis keeps counts between runs for their hour.
    const address = `10.${randomBytes(3).join('.')}`
    for (let i = 0; i < 10; i++) expect((await askReset(i % 2 ? b : a, address)).statusCode).toBe(200)
    expect((await askReset(a, address)).statusCode).toBe(429)
    expect((await askReset(b, address)).statusCode).toBe(429)
  })

  it('hold under a burst: 40 requests at once on two nodes, 10 answered', async () => {
    const [a, b] = cluster.nodes
    const address = `10.${randomBytes(3).join('.')}`
    const statuses = (
      await Promise.all(Array.from({ length: 40 }, (_, i) => askReset(i % 2 ? b : a, address)))
    ).map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
  })

  it('is ready while the database and Redis answer', async () => {
    const [a] = cluster.nodes
    expect((await a.inject({ url: '/readyz' })).statusCode).toBe(200)
  })
})
