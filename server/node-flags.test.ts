import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { NODE_FLAGS } from './node-flags.ts'

// One list of V8 flags for every way a node starts: npm start, production's command, the benches.

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')

it("starts npm start's node and production's with the app node's flags", () => {
  const flags = NODE_FLAGS.join(' ')
  expect(NODE_FLAGS.length).toBeGreaterThan(0)
  expect(JSON.parse(read('package.json')).scripts.start).toBe(`node ${flags} scripts/start.ts`)
  expect(read('docs/production.md')).toContain(`NODE_ENV=production npx node ${flags} server/main.ts`)
})

it('gives the node of a bench, and the ceiling it is held against, the same flags', () => {
  expect(read('bench/server.ts')).toContain("spawn('node', [...NODE_FLAGS, ")
  const ceiling = read('bench/search-ceiling.ts')
  expect(ceiling).toContain("[...NODE_FLAGS, 'tests/support/api-node.ts']")
  expect(ceiling).toContain("[...NODE_FLAGS, 'bench/bare-search.ts', file]")
  expect(read('bench/chat.ts')).toMatch(/fork\('bench\/bare-chat\.ts', [^}]*execArgv: \[\.\.\.NODE_FLAGS\]/)
})

it("starts the fault tests' app nodes with the same flags", () => {
  expect(read('tests/support/app-cluster.ts')).toContain("[...NODE_FLAGS, 'tests/support/api-node.ts']")
})
