// npm test: type check, lint, Vitest (unit + integration on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set), build, the fault tests (PostgreSQL, Redis, two nodes, nginx), Playwright
// in Chromium; ends with one line `N passed, N failed`.
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

/**
 * A Vitest run (`args`: another config, say) counted from its JSON report: tests only (a suite that
 * failed to run is counted by add()).
 */
function vitest(name: string, report: string, args: string[] = []) {
  rmSync(report, { force: true })
  const ok = run('npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ])
  const tally: Tally = { passed: 0, failed: 0, skipped: 0 }
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'))
    tally.passed = json.numPassedTests
    tally.failed = json.numFailedTests
    tally.skipped = json.numPendingTests + json.numTodoTests
  }
  add(name, tally, ok)
}

vitest('vitest', '.tmp/vitest.json')

const built = run('npx', ['react-router', 'build'], { NODE_ENV: 'production' })
check('production build', built)

// The fault tests (ADR 22) need the build: nginx serves its assets.
if (built) vitest('fault tests', '.tmp/faults.json', ['-c', 'vitest.faults.config.ts'])
else add('fault tests', { passed: 0, failed: 0, skipped: 0 }, false)

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
