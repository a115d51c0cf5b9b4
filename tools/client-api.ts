import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plugin } from 'vite'
import type { Call } from '../common/api.ts'

const API_FILE = path.resolve('common/api.ts')
const MODULE_ID = '\0client-api'

/**
 * The API table as the browser needs it: each call's name, method and path, without its zod
 * schemas (ADR 21). The server holds requests and answers to the schemas; the compiler holds the
 * browser's calls to their types, which come from common/api.ts itself.
 */
export function clientApiModule(contract: { api: Record<string, Call> } & Record<string, unknown>): string {
  const table = Object.fromEntries(
    Object.entries(contract.api).map(([name, call]) => [
      name,
      { name, method: call.method, path: call.path },
    ]),
  )
  // Its paths that are not calls (the sockets', the API's prefix) as they are.
  const paths = Object.entries(contract).filter(([, value]) => typeof value === 'string')
  return [
    `export const api = ${JSON.stringify(table)}`,
    ...paths.map(([name, value]) => `export const ${name} = ${JSON.stringify(value)}`),
    '',
  ].join('\n')
}

/** In the client build, `#common/api.ts` is the table without its schemas (clientApiModule). */
export function clientApiPlugin(): Plugin {
  return {
    name: 'client-api',
    enforce: 'pre',
    resolveId(id) {
      if (this.environment?.name === 'client' && id === '#common/api.ts') return MODULE_ID
    },
    async load(id) {
      if (id !== MODULE_ID) return
      this.addWatchFile(API_FILE)
      // A fresh copy on every load, so that the dev server follows edits of the table.
      return clientApiModule(await import(`${pathToFileURL(API_FILE).href}?v=${Date.now()}`))
    },
  }
}
