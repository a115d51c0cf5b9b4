import { describe, expect, it } from 'vitest'
import { staticClosure } from './split-chunks.ts'

describe('staticClosure', () => {
  // entry → a → b, a ⇢ lazy (dynamic: not followed), c imports nothing and nobody imports it.
  const graph: Record<string, { importedIds: string[] }> = {
    entry: { importedIds: ['a'] },
    a: { importedIds: ['b', 'entry'] },
    b: { importedIds: [] },
    lazy: { importedIds: ['b'] },
    c: { importedIds: [] },
  }
  const info = (id: string) => graph[id] ?? null

  it('holds what the entries import, directly or not, once each, through cycles', () => {
    expect([...staticClosure(['entry'], info)].sort()).toEqual(['a', 'b', 'entry'])
  })

  it('leaves out what is only imported dynamically and ids the build does not know', () => {
    const closure = staticClosure(['entry', 'unknown'], info)
    expect(closure.has('lazy')).toBe(false)
    expect(closure.has('unknown')).toBe(false)
  })
})
