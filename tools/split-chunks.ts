// The browser's scripts in a few files instead of about forty-five (issue 19, ADR 21). Left to
// itself the bundler makes one chunk per set of route modules sharing a module: most of them under
// a kilobyte, each a request of its own, and on a phone (six connections, 150 ms apart) the page's
// first paint waited on the last of them. Here the modules every page loads (the entry, the root
// route and what they import) are one chunk, the shell; what the public pages share beyond it is a
// second; the member pages and the console keep the bundler's own split. Both open with V8's
// compile hint (COMPILE_HINT below).
import path from 'node:path'
import type { Plugin } from 'vite'

const ROOT = path.resolve(import.meta.dirname, '..')
const app = (file: string) => path.join(ROOT, 'app', file)

/** Where every page starts: the browser's entry and the root route. */
const SHELL_ENTRIES = [app('entry.client.tsx'), app('root.tsx')]

/** The pages paid traffic and search engines land on, and their layouts (issue 19's budget). */
const PUBLIC_ENTRIES = [
  'routes/layouts/default-layout.tsx',
  'routes/layouts/lander-layout.tsx',
  'routes/layouts/empty-layout.tsx',
  'routes/home.tsx',
  'routes/members/search.tsx',
  'routes/members/member.tsx',
  'routes/pricing.tsx',
  'routes/landers/lander.tsx',
  'routes/members/member-landing.tsx',
  'routes/members/member-signup.tsx',
].map(app)

interface Graph {
  importedIds: readonly string[]
}

/** The modules `entries` import, directly or not, without following dynamic imports. */
export function staticClosure(
  entries: readonly string[],
  moduleInfo: (id: string) => Graph | null,
): Set<string> {
  const seen = new Set<string>()
  const stack = [...entries]
  while (stack.length > 0) {
    const id = stack.pop() as string
    if (seen.has(id)) continue
    const info = moduleInfo(id)
    if (!info) continue
    seen.add(id)
    stack.push(...info.importedIds)
  }
  return seen
}

/**
 * An entry's own module stays in its own chunk: React Router's manifest names a route module's
 * file, and the browser's entry must run when the page imports it, after the route modules are
 * registered, not when the shell is first evaluated. Everything under app/routes/ stays out, the
 * components only a route imports (the lander designs) too: the bundler puts them with their route.
 */
const isEntry = (id: string) =>
  SHELL_ENTRIES.includes(id) || /[\\/]app[\\/]routes[\\/]/.test(id) || id.includes('?')

/**
 * V8's explicit compile hint (Chrome 136+): every function of the file is compiled while it
 * streams in, on a background thread, instead of one by one on the main thread the first time each
 * is called — which, for the shell and the public chunk, is during hydration, all of it. Measured
 * with Lighthouse (ADR 21): hydration's long task a third shorter, total blocking time on
 * `/members` 202–493 ms without, 133–170 with. Zod's chunk too: its functions run as the frames'
 * schemas are made, when a member page opens its socket. Other browsers read a comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'
const EAGER_CHUNKS = ['shell', 'public', 'zod-browser']

export function splitChunksPlugin(): Plugin {
  let shell = new Set<string>()
  let shared = new Set<string>()
  return {
    name: 'split-chunks',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'client') return
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'shell', test: (id: string) => shell.has(id) && !isEntry(id), priority: 2 },
                  { name: 'public', test: (id: string) => shared.has(id) && !isEntry(id), priority: 1 },
                ],
              },
            },
          },
        },
      }
    },
    // After Vite's own last touches (its preload helper goes first in a chunk): the hint must
    // open the file.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (this.environment?.name !== 'client') return
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && EAGER_CHUNKS.includes(chunk.name))
            chunk.code = COMPILE_HINT + chunk.code
      },
    },
    buildEnd() {
      if (this.environment?.name !== 'client') return
      const info = (id: string) => this.getModuleInfo(id)
      shell = staticClosure(SHELL_ENTRIES, info)
      shared = staticClosure(PUBLIC_ENTRIES, info)
      for (const id of shell) shared.delete(id)
    },
  }
}
