// npm test: type check, lint, Vitest (unit + integration on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set), build, Playwright in Chromium; ends with one line `N passed, N failed`.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

interface Tally {
  passed: number
  failed: number
  skipped: number
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 }
const lines: string[] = []
mkdirSync('.tmp', { recursive: true })

function run(command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n$ ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status === 0
}

function check(name: string, ok: boolean) {
  if (ok) total.passed++
  else total.failed++
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${name}`)
}

function add(name: string, tally: Tally, ranOk: boolean) {
  // A runner that failed without reporting a failing test (a crash) counts as one failure.
  if (!ranOk && tally.failed === 0) tally.failed = 1
  total.passed += tally.passed
  total.failed += tally.failed
  total.skipped += tally.skipped
  lines.push(
    `${tally.failed === 0 ? 'ok  ' : 'FAIL'} ${name}: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`,
  )
}

check('type check', run('npx', ['react-router', 'typegen']) && run('npx', ['tsc', '--noEmit']))
check(
  'lint and import boundaries',
  run('npx', ['biome', 'check', '.']) && run('node', ['scripts/check-boundaries.ts']),
)

rmSync('.tmp/vitest.json', { force: true })
const vitestOk = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.tmp/vitest.json',
])
const vitest: Tally = { passed: 0, failed: 0, skipped: 0 }
if (existsSync('.tmp/vitest.json')) {
  const report = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8'))
  vitest.passed = report.numPassedTests
  // Tests only: a suite that failed to run is counted by add() when no test failed.
  vitest.failed = report.numFailedTests
  vitest.skipped = report.numPendingTests + report.numTodoTests
}
add('vitest', vitest, vitestOk)

const built = run('npx', ['react-router', 'build'], { NODE_ENV: 'production' })
check('production build', built)

rmSync('.tmp/playwright-results.json', { force: true })
const playwrightOk = built && run('npx', ['playwright', 'test'])
const playwright: Tally = { passed: 0, failed: 0, skipped: 0 }
if (existsSync('.tmp/playwright-results.json')) {
  const stats = JSON.parse(readFileSync('.tmp/playwright-results.json', 'utf8')).stats
  playwright.passed = stats.expected + stats.flaky
  playwright.failed = stats.unexpected
  playwright.skipped = stats.skipped
}
add('playwright', playwright, playwrightOk)

console.log(`\n${lines.join('\n')}\n`)
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
)
process.exit(total.failed === 0 ? 0 : 1)
