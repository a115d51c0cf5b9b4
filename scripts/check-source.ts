// Part of `npm run lint` (issue 57, point 6): a doc comment sits above what it describes, so two
// doc comments one directly above the other mean one of them lost its place; and an export that no
// file imports is code nobody reaches. Read by a parser (scripts/source-files.ts), not by patterns.
import { readdirSync } from 'node:fs'
import { importedFile, type Node, nodes, parseFile, ROOT, walk } from './source-files.ts'

/** Where exports are checked: the product and its tools. */
const CHECKED = ['app', 'common', 'server', 'scripts', 'tools']
/** Where imports are read: everything that may use an export. */
const READERS = [...CHECKED, 'tests', 'bench']
/** What React Router reads of a route module by name (https://reactrouter.com, route module). */
const ROUTE_EXPORTS = new Set([
  'loader',
  'action',
  'clientLoader',
  'clientAction',
  'meta',
  'links',
  'headers',
  'handle',
  'shouldRevalidate',
  'ErrorBoundary',
  'HydrateFallback',
  'Layout',
  'middleware',
  'unstable_middleware',
  'streamTimeout',
  'handleError',
])
/**
 * Files another tool reads by name: drizzle-kit reads the schema's tables (drizzle.config.ts), the
 * development server its entry (vite.config.ts).
 */
const READ_BY_TOOLS = [/^server\/db\/schema\//, /^server\/dev-entry\.ts$/]
const isRouteModule = (file: string) =>
  file.startsWith('app/routes/') || /^app\/(root|entry\.(client|server))\.tsx?$/.test(file)

interface FileExports {
  names: Set<string>
  /** `export * from`: the files whose exports this one passes on. */
  passes: string[]
  line: Map<string, number>
}

const problems: string[] = []
const exportsOf = new Map<string, FileExports>()
/** `file#name` of every export some file imports. */
const used = new Set<string>()
/** Files some file imports whole (a namespace or a dynamic import). */
const wholly = new Set<string>()
const uses: Array<{ file: string; name: string }> = []

function declaredNames(declaration: Node): string[] {
  if (declaration.type === 'VariableDeclaration')
    return (declaration.declarations as Node[])
      .map((d) => d.id as Node)
      .filter((id) => id.type === 'Identifier')
      .map((id) => id.name as string)
  const id = declaration.id as Node | null | undefined
  return id?.type === 'Identifier' ? [id.name as string] : []
}

const nameOf = (node: Node) => (node.type === 'StringLiteral' ? node.value : node.name) as string
const rootFiles = readdirSync(ROOT).filter((f) => /\.config\.ts$/.test(f))
const readers = [...READERS.flatMap((r) => walk(r)), ...rootFiles]

for (const file of readers) {
  const { source, program, comments } = parseFile(file)
  // Two doc comments with nothing but space between them: the first describes nothing.
  for (let i = 0; i + 1 < comments.length; i++) {
    const [a, b] = [comments[i], comments[i + 1]]
    const isDoc = (c: typeof a) => c.type === 'CommentBlock' && c.value.startsWith('*')
    if (isDoc(a) && isDoc(b) && source.slice(a.end, b.start).trim() === '')
      problems.push(`${file}:${a.loc.start.line}: a doc comment directly above another describes nothing`)
  }
  const own: FileExports = { names: new Set(), passes: [], line: new Map() }
  exportsOf.set(file, own)
  const add = (name: string, node: Node) => {
    own.names.add(name)
    own.line.set(name, (node.loc as { start: { line: number } }).start.line)
  }
  for (const node of nodes(program)) {
    const from = (node.source as Node | null | undefined)?.value as string | undefined
    const target = from ? importedFile(file, from) : null
    if (node.type === 'ExportNamedDeclaration') {
      if (node.declaration) for (const name of declaredNames(node.declaration as Node)) add(name, node)
      for (const s of (node.specifiers as Node[]) ?? []) {
        if (s.type === 'ExportNamespaceSpecifier') {
          add(nameOf(s.exported as Node), node)
          if (target) wholly.add(target)
          continue
        }
        add(nameOf(s.exported as Node), node)
        if (target) uses.push({ file: target, name: nameOf(s.local as Node) })
      }
    } else if (node.type === 'ExportAllDeclaration' && target) {
      if (node.exported) {
        add(nameOf(node.exported as Node), node)
        wholly.add(target)
      } else own.passes.push(target)
    } else if (node.type === 'ImportDeclaration' && target) {
      for (const s of node.specifiers as Node[]) {
        if (s.type === 'ImportSpecifier') uses.push({ file: target, name: nameOf(s.imported as Node) })
        else if (s.type === 'ImportNamespaceSpecifier') wholly.add(target)
      }
    } else if (
      node.type === 'ImportExpression' ||
      (node.type === 'CallExpression' && (node.callee as Node).type === 'Import')
    ) {
      const argument = (node.source ?? (node.arguments as Node[])[0]) as Node | undefined
      const spec = argument?.type === 'StringLiteral' ? (argument.value as string) : null
      const dynamic = spec ? importedFile(file, spec) : null
      if (dynamic) wholly.add(dynamic)
    } else if (node.type === 'TSImportType') {
      const argument = node.argument as Node
      const spec = ((argument.literal as Node | undefined)?.value ?? argument.value) as string | undefined
      const typed = spec ? importedFile(file, spec) : null
      const qualifier = node.qualifier as Node | null
      if (typed && qualifier?.type === 'Identifier')
        uses.push({ file: typed, name: qualifier.name as string })
      else if (typed) wholly.add(typed)
    }
  }
}

/** Marks `name` used where it is declared, following `export * from` chains. */
function markUsed(file: string, name: string, seen = new Set<string>()) {
  if (seen.has(file)) return
  seen.add(file)
  const own = exportsOf.get(file)
  if (!own) return
  if (own.names.has(name)) {
    used.add(`${file}#${name}`)
    return
  }
  for (const next of own.passes) markUsed(next, name, seen)
}
for (const { file, name } of uses) markUsed(file, name)
const markWhole = (file: string, seen = new Set<string>()) => {
  if (seen.has(file)) return
  seen.add(file)
  const own = exportsOf.get(file)
  for (const name of own?.names ?? []) used.add(`${file}#${name}`)
  for (const next of own?.passes ?? []) markWhole(next, seen)
}
for (const file of wholly) markWhole(file)

for (const [file, own] of exportsOf) {
  if (!CHECKED.some((root) => file.startsWith(`${root}/`))) continue
  if (READ_BY_TOOLS.some((pattern) => pattern.test(file))) continue
  for (const name of own.names) {
    // A default export is read by whatever names the file (a router, a bundler's alias, a config).
    if (name === 'default' || used.has(`${file}#${name}`)) continue
    if (isRouteModule(file) && ROUTE_EXPORTS.has(name)) continue
    problems.push(`${file}:${own.line.get(name)}: export ${name} is imported by no file`)
  }
}

/** What scripts/check-code.ts prints. */
export const sourceChecks = {
  failed: 'Source checks failed',
  problems,
  passed: `Doc comments in place and every export imported (${readers.length} files).`,
}
