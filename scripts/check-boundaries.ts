// Enforces the import boundaries of docs/architecture.md (the layout) and ADR 14; part of `npm run lint`.
// Imports are read by a parser (@babel/parser), not by patterns: side-effect imports, re-exports,
// dynamic imports and per-name `type` imports count as what they are. (dependency-cruiser cannot
// read this project: see ADR 14.)
import { type Node, nodes, parseFile, resolveImport, walk } from './source-files.ts'

const ROOTS = ['app', 'common', 'server', 'scripts', 'tests']
/** The one file that spells the API's paths (issue 14, point 5). */
const CALL_TABLE = 'common/api.ts'

interface Edge {
  spec: string
  target: string
  typeOnly: boolean
}

/** The imports of a file: static, side-effect, re-exports and dynamic; and its text literals. */
function read(file: string): { imports: Array<{ spec: string; typeOnly: boolean }>; texts: string[] } {
  const ast = parseFile(file).program
  const imports: Array<{ spec: string; typeOnly: boolean }> = []
  const texts: string[] = []
  for (const node of nodes(ast)) {
    const source = node.source as { value?: string } | null | undefined
    if (node.type === 'ImportDeclaration' && source?.value) {
      const specifiers = (node.specifiers as Array<{ importKind?: string }>) ?? []
      // `import type {…}`, or `import { type A, type B }` with every name a type; `import 'x'` runs x.
      const typeOnly =
        node.importKind === 'type' ||
        (specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type'))
      imports.push({ spec: source.value, typeOnly })
    } else if (
      (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') &&
      source?.value
    ) {
      imports.push({ spec: source.value, typeOnly: node.exportKind === 'type' })
    } else if (
      node.type === 'ImportExpression' ||
      (node.type === 'CallExpression' && (node.callee as Node).type === 'Import')
    ) {
      const argument = (node.source ?? (node.arguments as Node[])[0]) as Node | undefined
      if (argument?.type === 'StringLiteral')
        imports.push({ spec: argument.value as string, typeOnly: false })
    } else if (node.type === 'TSImportType') {
      const argument = node.argument as Node
      const value = (argument.literal as Node | undefined)?.value ?? argument.value
      if (typeof value === 'string') imports.push({ spec: value, typeOnly: true })
    } else if (node.type === 'StringLiteral') {
      texts.push(node.value as string)
    } else if (node.type === 'TemplateElement') {
      texts.push((node.value as { cooked: string }).cooked)
    }
  }
  return { imports, texts }
}

const files = ROOTS.flatMap((r) => walk(r))
const problems: string[] = []
const graph = new Map<string, string[]>()

function check(file: string, edge: Edge) {
  const { spec, target, typeOnly } = edge
  if (file.startsWith('common/') && /^(app|server)\//.test(target)) {
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
  // app/lib serves the features (the client, the connection, small hooks) and knows none of them.
  if (file.startsWith('app/lib/') && /^app\/(features|routes)\//.test(target)) {
    problems.push(`${file}: app/lib may not import a feature or a route (${spec})`)
  }
  // A feature uses another only through that feature's public entry, its index.ts.
  const fromFeature = file.match(/^app\/features\/([^/]+)\//)?.[1]
  const toFeature = target.match(/^app\/features\/([^/]+)\/(.+)$/)
  if (fromFeature && toFeature && toFeature[1] !== fromFeature && !/^index\.tsx?$/.test(toFeature[2])) {
    problems.push(
      `${file}: feature ${fromFeature} may use feature ${toFeature[1]} only through its index.ts (${spec})`,
    )
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
}

for (const file of files) {
  const { imports, texts } = read(file)
  const edges: string[] = []
  for (const { spec, typeOnly } of imports) {
    const target = resolveImport(file, spec)
    if (!target) continue
    check(file, { spec, target, typeOnly })
    if (!typeOnly) edges.push(target)
  }
  graph.set(file, edges)
  // One typed contract per call: outside the table (and the tests, which speak HTTP), no /api/ path.
  const isTest = /\.(test|spec)\.tsx?$/.test(file) || file.startsWith('tests/')
  if (file !== CALL_TABLE && !isTest && !file.startsWith('scripts/')) {
    for (const text of texts) {
      if (text.includes('/api/'))
        problems.push(`${file}: spells an API path (${text}); name the call in ${CALL_TABLE}`)
    }
  }
}

// Import cycles among run-time imports.
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

/** What scripts/check-code.ts prints. */
export const boundaries = {
  failed: 'Import boundaries broken',
  problems,
  passed: `Import boundaries hold (${files.length} files).`,
}
