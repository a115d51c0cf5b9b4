// The specification's rules without a test (issue 63): reads docs/requirements.md and every test
// file's `spec:` claims, and fails, naming them, on a rule no test claims, a claim that names no
// rule, or an id listed twice. Run by npm test; alone: node scripts/spec-coverage.ts.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { coverage, parseRules } from '../tools/spec-rules.ts'

const ROOTS = ['app', 'common', 'server', 'scripts', 'tests', 'tools']
const TEST_FILE = /\.(test|spec)\.tsx?$/

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full)
    return TEST_FILE.test(entry.name) ? [full] : []
  })
}

const rules = parseRules(readFileSync('docs/requirements.md', 'utf8'))
const files = ROOTS.flatMap(testFiles).map((file) => ({ path: file, source: readFileSync(file, 'utf8') }))
const result = coverage(rules, files)

console.log(`${result.claimedCount} of ${rules.length} rules of docs/requirements.md are claimed by a test.`)
if (result.unclaimed.length > 0) {
  console.log(`Rules no test claims (${result.unclaimed.length}):`)
  for (const rule of result.unclaimed) console.log(`  ${rule.id}  ${rule.text}`)
}
for (const { id, file } of result.unknown) console.log(`${file}: claims ${id}, which names no rule`)
for (const id of result.duplicated) console.log(`docs/requirements.md: ${id} is listed twice`)
process.exit(result.unclaimed.length + result.unknown.length + result.duplicated.length > 0 ? 1 : 0)
