// npm run bench:fuzz: how long the API takes to answer hostile input. Every operation of the OpenAPI
// document gets the API fuzz test's cases (tests/support/fuzz-case.ts), in process on the embedded
// database; each answer is timed, beside the median of a trivial call (GET /api/settings.php)
// measured in the same run. Goal: no answer slower than 2 s, the bound the fuzz test held until a
// busy machine made it fail there (a pattern that backtracks, a body parsed too deep, would show here).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import fc from 'fast-check'
import { buildApp } from '../server/app.ts'
import { openDatabase } from '../server/db/client.ts'
import { ensureReferenceData } from '../server/db/reference/ensure-reference-data.ts'
import { readEnv } from '../server/env.ts'
import { activeMember } from '../tests/support/accounts.ts'
import { caseFor, fuzzedOperations, sendCase } from '../tests/support/fuzz-case.ts'

const RUNS = Number(process.env.FUZZ_RUNS ?? 50)
const GOAL_MS = 2000

const dataDir = mkdtempSync(path.join(tmpdir(), 'dating-bench-fuzz-'))
const database = await openDatabase({ dataDir: null })
await database.migrate()
await ensureReferenceData(database.db)
const app = await buildApp({
  env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
  database,
  pages: false,
  logger: false,
})
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]
try {
  const trivial: number[] = []
  for (let i = 0; i < 200; i++) {
    const started = performance.now()
    await app.inject({ url: '/api/settings.php' })
    if (i >= 20) trivial.push(performance.now() - started)
  }
  const ceiling = median(trivial)
  const operations = await fuzzedOperations(app)
  const answers: { where: string; ms: number; status: number }[] = []
  for (const op of operations) {
    const member = await activeMember(app, { name: 'Fuzzy' })
    // The first case of each operation untimed: a route compiles its schemas when first called.
    const [first, ...cases] = fc.sample(caseFor(op), { numRuns: RUNS + 1, seed: 42 })
    await sendCase(app, op, first, member.cookie)
    for (const c of cases) {
      const started = performance.now()
      const { res, where } = await sendCase(app, op, c, member.cookie)
      answers.push({ where, ms: performance.now() - started, status: res.statusCode })
    }
  }
  answers.sort((a, b) => b.ms - a.ms)
  const times = answers.map((a) => a.ms)
  console.log(
    `\nAPI fuzz, ${operations.length} operations, ${answers.length.toLocaleString('en')} cases (${RUNS} each), in process on PGlite`,
  )
  console.log(
    `trivial call (GET /api/settings.php) median ${ceiling.toFixed(2)} ms; fuzz answers: median ${median(times).toFixed(2)} ms (${(median(times) / ceiling).toFixed(1)}x)`,
  )
  console.log('the slowest answers:')
  for (const a of answers.slice(0, 10)) {
    console.log(
      `${a.ms.toFixed(0).padStart(7)} ms ${`(${(a.ms / ceiling).toFixed(0)}x)`.padStart(8)}  ${a.status} ${a.where.slice(0, 110)}`,
    )
  }
  const slowest = times[0]
  const met = slowest <= GOAL_MS
  console.log(
    `slowest answer ${slowest.toFixed(0)} ms (${(slowest / ceiling).toFixed(0)}x the trivial call): goal ≤ ${GOAL_MS} ms: ${met ? 'met' : 'NOT MET'}`,
  )
  if (!met) process.exitCode = 1
} finally {
  await app.close()
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })
}
