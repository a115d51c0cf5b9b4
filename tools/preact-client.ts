// The browser's build runs the pages on Preact's React compatibility layer (ADR 23): 5 KiB instead of
// React DOM's 60, gzipped. The server's build, the tests and the dev server keep React.
import path from 'node:path'
import type { Plugin } from 'vite'

const ROOT = path.resolve(import.meta.dirname, '..')

/** What the client build takes for each of React's entry points, and for the app's hydration. */
export const PREACT_FOR_REACT: Record<string, string> = {
  react: path.join(ROOT, 'app/lib/react-on-preact.js'),
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
}
const HYDRATION = path.join(ROOT, 'app/lib/hydration.ts')
const HYDRATION_ON_PREACT = path.join(ROOT, 'app/lib/hydration.preact.ts')

export function preactClientPlugin(): Plugin {
  return {
    name: 'preact-client',
    enforce: 'pre',
    apply: 'build',
    async resolveId(id, importer, options) {
      if (this.environment?.name !== 'client') return null
      const to = PREACT_FOR_REACT[id]
      if (to) return path.isAbsolute(to) ? to : this.resolve(to, importer, { ...options, skipSelf: true })
      if (id.endsWith('/hydration.ts') && importer) {
        const resolved = path.resolve(path.dirname(importer), id)
        if (resolved === HYDRATION) return HYDRATION_ON_PREACT
      }
      return null
    },
  }
}
