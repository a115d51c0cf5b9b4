import { performance } from 'node:perf_hooks'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeMember } from './accounts.ts'
import { bodyFor, type Operation, operationsOf, pathValue, queryFor } from './fuzz.ts'
import { createTestApp, type TestApp, testEnv } from './test-app.ts'

// Every operation of the OpenAPI document, fuzzed as a visitor and as a member with valid-shaped
// and hostile bodies, queries and path values (issue 13, point 2). Any 5xx, any /api/ answer that is
// not JSON, or any answer slower than 2 s fails. FUZZ_RUNS sets the cases per operation (200 in CI).
// The operations are dealt into shards, a test file each (server/fuzz-*.test.ts), so that Vitest's
// workers share them: one file of them all was the run's longest task, and on a clean clone its last.

const RUNS = testEnv.FUZZ_RUNS
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'])
const SLOW_MS = 2000

let address = 0

/** A remote address of its own per request, so that per-address limits answer 429 only where meant. */
const nextAddress = () => {
  address++
  return `10.${200 + ((address >> 16) & 31)}.${(address >> 8) & 255}.${address & 255}`
}

function caseFor(op: Operation) {
  return fc.record({
    asMember: fc.boolean(),
    query: queryFor(op.query),
    params: fc.tuple(...op.pathParams.map(() => pathValue)),
    body: bodyFor(op.body),
  })
}

function urlOf(op: Operation, params: string[], query: string) {
  let i = 0
  return op.path.replace(/\{[^}]+\}/g, () => params[i++] ?? 'x') + query
}

/**
 * The fuzz test of the operations whose place in the OpenAPI document is `shard` (1-based) modulo
 * `shards`: together the shards take every operation exactly once.
 */
export function fuzzShard(shard: number, shards: number) {
  let t: TestApp
  let operations: Operation[]
  let all = 0
  beforeAll(async () => {
    t = await createTestApp()
    const every = operationsOf((await t.app.inject({ url: '/api/docs/json' })).json()).filter((op) =>
      METHODS.has(op.method),
    )
    all = every.length
    operations = every.filter((_, i) => i % shards === shard - 1)
  })
  afterAll(() => t.close())

  describe('API fuzz', () => {
    it(`answers every operation of shard ${shard} of ${shards} without a 5xx, in JSON, within 2 s (${RUNS} cases each)`, async () => {
      let cases = 0
      for (const op of operations) {
        // A member of their own per operation: one that a case deleted or logged out harms no other.
        const member = await activeMember(t.app, { name: 'Fuzzy' })
        await fc.assert(
          fc.asyncProperty(caseFor(op), async (c) => {
            cases++
            const url = urlOf(op, c.params, c.query)
            const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(op.method)
            const started = performance.now()
            const res = await t.app.inject({
              method: op.method as 'GET',
              url,
              headers: {
                ...(c.asMember ? { cookie: member.cookie } : {}),
                ...(hasBody ? { 'content-type': c.body.contentType } : {}),
              },
              ...(hasBody ? { payload: c.body.payload } : {}),
              remoteAddress: nextAddress(),
            })
            const ms = performance.now() - started
            const where = `${op.method} ${url.slice(0, 300)} (${c.body.contentType}: ${c.body.payload.slice(0, 200)})`
            if (res.statusCode >= 500)
              throw new Error(`${res.statusCode} for ${where}: ${res.body.slice(0, 300)}`)
            if (ms > SLOW_MS) throw new Error(`${Math.round(ms)} ms for ${where}`)
            const redirect = res.statusCode >= 300 && res.statusCode < 400
            if (op.path.startsWith('/api/') && op.method !== 'HEAD' && !redirect) {
              const type = String(res.headers['content-type'] ?? '')
              if (!type.startsWith('application/json')) throw new Error(`${type} for ${where}`)
              JSON.parse(res.body)
            }
          }),
          { numRuns: RUNS, endOnFailure: true },
        )
      }
      console.info(
        `fuzz, shard ${shard}/${shards}: ${operations.length} of ${all} operations, ${cases} cases, no 5xx`,
      )
      expect(all).toBeGreaterThan(50)
      expect(operations.length).toBeGreaterThanOrEqual(Math.floor(all / shards))
      expect(cases).toBeGreaterThanOrEqual(operations.length * RUNS)
    }, 600_000)
  })
}
