// The lint stage's checks that read the source (issue 57): import boundaries and cycles
// (check-boundaries.ts), doc comments and unused exports (check-source.ts), in one process that
// parses each file once.
import { boundaries } from './check-boundaries.ts'
import { sourceChecks } from './check-source.ts'

let failed = false
for (const check of [boundaries, sourceChecks]) {
  if (check.problems.length === 0) {
    console.log(check.passed)
    continue
  }
  failed = true
  console.error(`${check.failed}:\n${check.problems.map((p) => `  ${p}`).join('\n')}`)
}
if (failed) process.exit(1)
