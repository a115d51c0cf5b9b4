// npm test: type check, lint, Vitest (unit, integration on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set), build, the fault tests (PostgreSQL, Redis, two nodes, nginx), Playwright
// in Chromium. Stages that do not wait on each other run side by side (each one's output is printed
// whole when it ends); it ends with a table of each stage's wall time and one line `N passed, N failed`.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

interface Tally {
  passed: number
  failed: number
  skipped: number
}
interface Stage {
  name: string
  started: number
  ended: number
  /** What the stage printed in the table: a check's ok or FAIL, or a runner's counts. */
  line: string
}

const START = performance.now()
const total: Tally = { passed: 0, failed: 0, skipped: 0 }
const stages: Stage[] = []
/** The failing tests' names and first error lines, printed again beside the table at the end. */
const failures: string[] = []
const firstLine = (message: unknown) =>
  String(message ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? ''
mkdirSync('.tmp', { recursive: true })

/**
 * Runs a command; `streamed` prints its output as it comes (a stage that runs alone), otherwise it is
 * kept and printed whole when the command ends, so that stages side by side do not mix their lines.
 */
function run(command: string, args: string[], env: Record<string, string> = {}, streamed = false) {
  return new Promise<boolean>((resolve) => {
    const title = `\n$ ${command} ${args.join(' ')}`
    if (streamed) console.log(title)
    const child = spawn(command, args, {
      stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    })
    const output: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)))
    child.on('close', (code) => {
      if (!streamed) process.stdout.write(`${title}\n${Buffer.concat(output).toString()}`)
      resolve(code === 0)
    })
  })
}

/** Runs `body` as a stage of the table, its wall time measured from its start to its end. */
async function stage(name: string, body: () => Promise<string>) {
  const started = performance.now()
  const line = await body()
  stages.push({ name, started, ended: performance.now(), line })
}

/** A stage that passes or fails as a whole (counted as one test). */
function check(name: string, body: () => Promise<boolean>) {
  return stage(name, async () => {
    const ok = await body()
    if (ok) total.passed++
    else total.failed++
    return ok ? 'ok' : 'FAIL'
  })
}

function add(tally: Tally, ranOk: boolean): string {
  // A runner that failed without reporting a failing test (a crash) counts as one failure.
  if (!ranOk && tally.failed === 0) tally.failed = 1
  total.passed += tally.passed
  total.failed += tally.failed
  total.skipped += tally.skipped
  return `${tally.failed === 0 ? 'ok  ' : 'FAIL'} ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`
}

/** A Vitest run (`args`: its projects or another config) as a stage, counted from its JSON report. */
function vitest(name: string, args: string[], streamed = false) {
  return stage(name, async () => {
    const report = `.tmp/vitest-${name.replace(/\W+/g, '-').toLowerCase()}.json`
    rmSync(report, { force: true })
    const ok = await run(
      'npx',
      ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      {},
      streamed,
    )
    const tally: Tally = { passed: 0, failed: 0, skipped: 0 }
    if (existsSync(report)) {
      const json = JSON.parse(readFileSync(report, 'utf8'))
      tally.passed = json.numPassedTests
      tally.failed = json.numFailedTests
      tally.skipped = json.numPendingTests + json.numTodoTests
      for (const file of json.testResults ?? []) {
        for (const test of file.assertionResults ?? []) {
          if (test.status === 'failed')
            failures.push(
              `${name}: ${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}\n    ${firstLine(test.failureMessages?.[0])}`,
            )
        }
        if (
          file.status === 'failed' &&
          (file.assertionResults ?? []).every((t: { status: string }) => t.status !== 'failed')
        )
          failures.push(
            `${name}: ${file.name.replace(`${process.cwd()}/`, '')}\n    ${firstLine(file.message)}`,
          )
      }
    }
    return add(tally, ok)
  })
}

interface PlaywrightSuite {
  title: string
  suites?: PlaywrightSuite[]
  specs?: {
    title: string
    file: string
    line: number
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[]
  }[]
}
function collectPlaywrightFailures(suites: PlaywrightSuite[], titles: string[]) {
  for (const suite of suites) {
    const path = suite.specs === undefined && suite.suites === undefined ? titles : [...titles, suite.title]
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue
        const error = test.results.at(-1)?.error?.message
        failures.push(
          `browser: [${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}\n    ${firstLine(error)}`,
        )
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], path)
  }
}

function playwright() {
  return stage('browser (Playwright)', async () => {
    rmSync('.tmp/playwright-results.json', { force: true })
    const ok = await run('npx', ['playwright', 'test'], {}, true)
    const tally: Tally = { passed: 0, failed: 0, skipped: 0 }
    if (existsSync('.tmp/playwright-results.json')) {
      const results = JSON.parse(readFileSync('.tmp/playwright-results.json', 'utf8'))
      const stats = results.stats
      collectPlaywrightFailures(results.suites ?? [], [])
      tally.passed = stats.expected + stats.flaky
      tally.failed = stats.unexpected
      tally.skipped = stats.skipped
    }
    return add(tally, ok)
  })
}

// The static checks and the build use a core or less each for tens of seconds: side by side, with
// the unit tests. The type check's typegen writes .react-router/types, which the build does not read.
let built = false
await Promise.all([
  check(
    'type check',
    async () => (await run('npx', ['react-router', 'typegen'])) && run('npx', ['tsc', '--noEmit']),
  ),
  check(
    'lint, import boundaries and source checks',
    async () => (await run('npx', ['biome', 'check', '.'])) && run('node', ['scripts/check-code.ts']),
  ),
  check('production build', async () => {
    built = await run('npx', ['react-router', 'build'], { NODE_ENV: 'production' })
    return built
  }),
  vitest('unit', ['--project', 'unit']),
  // The specification's rules no test claims yet, by id (docs/requirements.md, issue 63).
  check('specification rules', () => run('node', ['scripts/spec-coverage.ts'])),
])

// The integration suites fill both cores on their own.
await vitest('integration, PGlite', ['--project', 'pglite'], true)
if (process.env.TEST_DATABASE_URL) await vitest('integration, PostgreSQL', ['--project', 'postgres'], true)

// The fault tests (ADR 22) need the build: nginx serves its assets.
if (built) await vitest('fault tests', ['-c', 'vitest.faults.config.ts'], true)
else await stage('fault tests', async () => add({ passed: 0, failed: 0, skipped: 0 }, false))

if (built) await playwright()
else await stage('browser (Playwright)', async () => add({ passed: 0, failed: 0, skipped: 0 }, false))

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`
const width = Math.max(...stages.map((s) => s.name.length))
console.log('\nstage'.padEnd(width + 2), ' from    wall')
for (const s of stages.sort((a, b) => a.started - b.started)) {
  console.log(
    `${s.name.padEnd(width)}  ${seconds(s.started - START).padStart(6)}  ${seconds(s.ended - s.started).padStart(6)}  ${s.line}`,
  )
}
console.log(`${'all'.padEnd(width)}  ${''.padStart(6)}  ${seconds(performance.now() - START).padStart(6)}`)
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`)
console.log(
  `\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
)
process.exit(total.failed === 0 ? 0 : 1)
