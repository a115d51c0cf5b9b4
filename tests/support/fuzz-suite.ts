import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeMember } from './accounts.ts'
import type { Operation } from './fuzz.ts'
import { caseFor, fuzzedOperations, sendCase } from './fuzz-case.ts'
import { createTestApp, type TestApp, testEnv } from './test-app.ts'

// Every operation of the OpenAPI document, fuzzed as a visitor and as a member with valid-shaped
// and hostile bodies, queries and path values (issue 13, point 2). Any 5xx, or any /api/ answer that
// is not JSON, fails; how long the answers take is bench/fuzz.ts's (npm run bench:fuzz), as a timed
// bound here failed on a busy machine. FUZZ_RUNS sets the cases per operation (200 in CI).
// The operations are dealt into shards, a test file each (server/fuzz-*.test.ts), so that Vitest's
// workers share them: one file of them all was the run's longest task, and on a clean clone its last.

const RUNS = testEnv.FUZZ_RUNS

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
    const every = await fuzzedOperations(t.app)
    all = every.length
    operations = every.filter((_, i) => i % shards === shard - 1)
  })
  afterAll(() => t.close())

  describe('API fuzz', () => {
    it(`answers every operation of shard ${shard} of ${shards} without a 5xx, in JSON (${RUNS} cases each)`, async () => {
      let cases = 0
      for (const op of operations) {
        // A member of their own per operation: one that a case deleted or logged out harms no other.
        const member = await activeMember(t.app, { name: 'Fuzzy' })
        await fc.assert(
          fc.asyncProperty(caseFor(op), async (c) => {
            cases++
            const { res, where } = await sendCase(t.app, op, c, member.cookie)
            if (res.statusCode >= 500)
              throw new Error(`${res.statusCode} for ${where}: ${res.body.slice(0, 300)}`)
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
