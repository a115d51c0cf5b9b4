// The project's TypeScript files read by a parser (@babel/parser), for the lint stage's checks
// (scripts/check-boundaries.ts, scripts/check-source.ts): the files, their syntax trees and where an
// import points.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { parse } from '@babel/parser'

export const ROOT = path.resolve(import.meta.dirname, '..')
const ALIASES: Record<string, string> = { '#app/': 'app/', '#server/': 'server/', '#common/': 'common/' }

export interface Node {
  type: string
  [key: string]: unknown
}

interface Comment {
  type: 'CommentBlock' | 'CommentLine'
  value: string
  start: number
  end: number
  loc: { start: { line: number } }
}

/** The .ts and .tsx files under `dir` (relative to the root), generated types and hidden folders aside. */
export function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(ROOT, dir))) {
    const relative = path.join(dir, entry)
    if (entry === 'node_modules' || entry.startsWith('.') || entry === '+types') continue
    if (statSync(path.join(ROOT, relative)).isDirectory()) walk(relative, out)
    else if (/\.(ts|tsx)$/.test(entry) && !entry.endsWith('.d.ts')) out.push(relative)
  }
  return out
}

/** Where an import of `spec` from `from` points (relative to the root); null for a package. */
export function resolveImport(from: string, spec: string): string | null {
  for (const [alias, target] of Object.entries(ALIASES))
    if (spec.startsWith(alias)) return target + spec.slice(alias.length)
  if (spec.startsWith('.')) return path.normalize(path.join(path.dirname(from), spec))
  return null
}

/** The file an import names, as the runtime finds it (with or without its extension). */
export function importedFile(from: string, spec: string): string | null {
  const target = resolveImport(from, spec)
  if (!target) return null
  for (const candidate of [
    target,
    `${target}.ts`,
    `${target}.tsx`,
    `${target}/index.ts`,
    `${target}/index.tsx`,
  ])
    if (existsSync(path.join(ROOT, candidate)) && statSync(path.join(ROOT, candidate)).isFile())
      return candidate
  return target
}

interface Parsed {
  source: string
  program: Node
  comments: Comment[]
}
/** Each file parsed once for both checks. */
const parsed = new Map<string, Parsed>()

/** A file's text and syntax tree, comments included (parsed once, however many checks read it). */
export function parseFile(file: string): Parsed {
  let found = parsed.get(file)
  if (!found) {
    found = parseNow(file)
    parsed.set(file, found)
  }
  return found
}

function parseNow(file: string): Parsed {
  const source = readFileSync(path.join(ROOT, file), 'utf8')
  const ast = parse(source, {
    sourceType: 'module',
    plugins: [['typescript', {}], ...(file.endsWith('.tsx') ? (['jsx'] as const) : [])],
  })
  return {
    source,
    program: ast.program as unknown as Node,
    comments: (ast.comments ?? []) as unknown as Comment[],
  }
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'
}

/** Every node of the tree, depth first. */
export function* nodes(node: Node): Generator<Node> {
  yield node
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue
    if (Array.isArray(value)) {
      for (const child of value) if (isNode(child)) yield* nodes(child)
    } else if (isNode(value)) yield* nodes(value)
  }
}
