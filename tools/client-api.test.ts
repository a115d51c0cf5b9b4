import { describe, expect, it } from 'vitest'
import * as contract from '../common/api.ts'
import { api, SOCKET_PATH } from '../common/api.ts'
import { clientApiModule } from './client-api.ts'

describe('the browser’s API table', () => {
  const source = clientApiModule(contract)
  const table = JSON.parse(source.split('\n')[0].replace(/^export const api = /, '')) as Record<
    string,
    unknown
  >

  it('has every call of common/api.ts with its name, method and path', () => {
    expect(Object.keys(table)).toEqual(Object.keys(api))
    for (const [name, call] of Object.entries(api)) {
      expect(table[name]).toEqual({ name, method: call.method, path: call.path })
    }
  })

  it('keeps the paths that are not calls', () => {
    expect(source).toContain(`export const SOCKET_PATH = ${JSON.stringify(SOCKET_PATH)}`)
  })

  it('carries no schema, so zod stays out of the pages', () => {
    expect(source).not.toMatch(/zod|_def|safeParse/)
    expect(source.length).toBeLessThan(JSON.stringify(Object.keys(api)).length * 12)
  })
})
