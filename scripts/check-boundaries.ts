// Enforces the import boundaries of DESIGN.md section 2; part of `npm run lint`.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
const ROOTS = ['app', 'common', 'server', 'scripts', 'tests']
const ALIASES: Record<string, string> = { '#app/': 'app/', '#server/': 'server/', '#common/': 'common/' }
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry)
    if (entry === 'node_modules' || entry.startsWith('.') || entry === '+types') continue
    if (statSync(full).isDirectory()) walk(full, out)
    else if (/\.(ts|tsx)$/.test(entry) && !entry.endsWith('.d.ts')) out.push(path.relative(ROOT, full))
  }
  return out
}

function resolveImport(from: string, spec: string): string | null {
  for (const [alias, target] of Object.entries(ALIASES))
    if (spec.startsWith(alias)) return target + spec.slice(alias.length)
  if (spec.startsWith('.')) return path.normalize(path.join(path.dirname(from), spec))
  return null
}

const files = ROOTS.flatMap((r) => walk(path.join(ROOT, r)))
const problems: string[] = []
const graph = new Map<string, string[]>()

for (const file of files) {
  const text = readFileSync(path.join(ROOT, file), 'utf8')
  const edges: string[] = []
  for (const match of text.matchAll(IMPORT)) {
    const typeOnly = Boolean(match[1])
    const spec = match[2] ?? match[3]
    const target = resolveImport(file, spec)
    if (!target) continue
    if (file.startsWith('common/') && (target.startsWith('app/') || target.startsWith('server/'))) {
      problems.push(`${file}: common/ may not import ${spec}`)
    }
    if (file.startsWith('app/') && target.startsWith('server/') && !/\.server\.tsx?$/.test(file)) {
      problems.push(`${file}: only *.server.ts files in app/ may import ${spec}`)
    }
    // Decision 1: the server build would bundle a second copy of what app/ imports at run time.
    if (
      file.startsWith('app/') &&
      target.startsWith('server/') &&
      !typeOnly &&
      target !== 'server/plugins/ssr-context.ts'
    ) {
      problems.push(`${file}: app/ reaches services through the load context; import only types from ${spec}`)
    }
    // Components are the design primitives features build on: they know no feature (the shell that
    // composes features lives with the routes' layouts).
    if (file.startsWith('app/components/') && target.startsWith('app/features/')) {
      problems.push(`${file}: app/components may not import a feature (${spec})`)
    }
    // The seams point one way: lib/ and db/ serve the modules and know none of them.
    if (/^server\/(lib|db)\//.test(file) && target.startsWith('server/modules/')) {
      problems.push(`${file}: server/lib and server/db may not import a module (${spec})`)
    }
    const fromModule = file.match(/^server\/modules\/([^/]+)\//)?.[1]
    const toModule = target.match(/^server\/modules\/([^/]+)\/(.+)$/)
    if (fromModule && toModule && toModule[1] !== fromModule && toModule[2] !== `${toModule[1]}.service.ts`) {
      problems.push(
        `${file}: module ${fromModule} may use module ${toModule[1]} only through its service (${spec})`,
      )
    }
    if (!typeOnly) edges.push(target)
  }
  graph.set(file, edges)
}

// Import cycles among runtime imports.
const state = new Map<string, 'visiting' | 'done'>()
const stack: string[] = []
function visit(file: string) {
  state.set(file, 'visiting')
  stack.push(file)
  for (const next of graph.get(file) ?? []) {
    if (!graph.has(next)) continue
    if (state.get(next) === 'visiting')
      problems.push(`import cycle: ${[...stack.slice(stack.indexOf(next)), next].join(' -> ')}`)
    else if (!state.has(next)) visit(next)
  }
  stack.pop()
  state.set(file, 'done')
}
for (const file of graph.keys()) if (!state.has(file)) visit(file)

if (problems.length > 0) {
  console.error(`Import boundaries broken:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  process.exit(1)
}
console.log(`Import boundaries hold (${files.length} files).`)
