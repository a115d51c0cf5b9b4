import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, type Call, CONSOLE_SOCKET_PATH, OPENAPI_PATH, SOCKET_PATH } from '#common/api.ts'
import { createTestApp, type TestApp } from '../tests/support/test-app.ts'

// The call table (common/api.ts) is the HTTP contract: every /api/ route the server serves is one
// of its entries, every entry is served, and the OpenAPI document describes each by its name.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the call table', () => {
  it('is exactly the /api/ routes the server serves', () => {
    const served = new Set(
      t.app.routeTable
        .filter((r) => r.url.startsWith('/api/') && !r.url.endsWith('*') && r.method !== 'HEAD')
        .filter((r) => r.url !== SOCKET_PATH && r.url !== CONSOLE_SOCKET_PATH && r.url !== OPENAPI_PATH)
        .map((r) => `${r.method} ${r.url}`),
    )
    const table = new Set(Object.values(api).map((call) => `${call.method} ${call.path}`))
    expect([...served].filter((route) => !table.has(route))).toEqual([])
    expect([...table].filter((route) => !served.has(route))).toEqual([])
    expect(table.size).toBe(Object.keys(api).length)
  })

  it('names each operation of the OpenAPI document after its entry', async () => {
    const doc = (await t.app.inject({ url: OPENAPI_PATH })).json() as {
      paths: Record<string, Record<string, { operationId?: string; requestBody?: { content: object } }>>
    }
    for (const call of Object.values(api) as Call[]) {
      const operation = doc.paths[call.path]?.[call.method.toLowerCase()]
      expect(operation?.operationId, `${call.method} ${call.path}`).toBe(call.name)
      if (call.form)
        expect(Object.keys(operation?.requestBody?.content ?? {})).toContain('multipart/form-data')
    }
  })
})
