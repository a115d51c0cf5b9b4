import { describe, expect, it } from 'vitest'
import { reconnectDelay } from './realtime.ts'

describe('reconnect backoff', () => {
  it('doubles from 500 ms up to 30 s, with jitter of a quarter either way', () => {
    const mid = () => 0.5
    expect([0, 1, 2, 3, 6, 7, 20].map((a) => reconnectDelay(a, mid))).toEqual([
      500, 1000, 2000, 4000, 30_000, 30_000, 30_000,
    ])
    expect(reconnectDelay(0, () => 0)).toBe(375)
    expect(reconnectDelay(0, () => 1)).toBe(625)
  })
})
