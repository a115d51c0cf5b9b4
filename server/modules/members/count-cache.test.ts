import { describe, expect, it } from 'vitest'
import { createCountCache } from './count-cache.ts'

describe('count cache', () => {
  it('counts once per key within the time to live, then again', async () => {
    let clock = 0
    let calls = 0
    const cache = createCountCache({ ttlMs: 1000, maxEntries: 10, now: () => clock })
    const count = async () => ++calls
    expect(await cache.get('a', count)).toBe(1)
    expect(await cache.get('a', count)).toBe(1)
    expect(await cache.get('b', count)).toBe(2)
    clock = 1001
    expect(await cache.get('a', count)).toBe(3)
  })

  it('forgets a failed count and keeps at most maxEntries', async () => {
    const cache = createCountCache({ ttlMs: 1000, maxEntries: 2 })
    await expect(cache.get('x', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    expect(await cache.get('x', async () => 7)).toBe(7)
    await cache.get('y', async () => 1)
    await cache.get('z', async () => 2)
    let recount = false
    await cache.get('x', async () => {
      recount = true
      return 8
    })
    expect(recount).toBe(true)
  })
})
