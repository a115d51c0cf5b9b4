import { describe, expect, it } from 'vitest'
import { createSlots, FRAME_BURST, FRAMES_PER_SECOND, frameBudget } from './socket-limits.ts'

describe('socket slots', () => {
  it('counts upgrades under way with the open sockets, so a burst cannot pass one check', () => {
    const slots = createSlots<number>(12)
    // Sixty upgrades checked before any opens its socket: twelve slots, then none.
    const reserved = Array.from({ length: 60 }, () => slots.reserve(7, 0))
    expect(reserved.filter(Boolean)).toHaveLength(12)
    // Another person has their own slots.
    expect(slots.reserve(8, 0)).not.toBeNull()
    // The twelve open their sockets (each slot released once, twice is once): the open count holds them.
    for (const release of reserved) {
      release?.()
      release?.()
    }
    expect(slots.reserve(7, 12)).toBeNull()
    expect(slots.reserve(7, 11)).not.toBeNull()
  })
})

describe('a socket’s frame budget', () => {
  it('takes a burst, then so many a second, and refuses a flood', () => {
    let now = 0
    const budget = frameBudget(() => now)
    const first = Array.from({ length: 3000 }, () => budget.take())
    expect(first.filter(Boolean)).toHaveLength(FRAME_BURST)
    now += 1000
    const next = Array.from({ length: 100 }, () => budget.take())
    expect(next.filter(Boolean)).toHaveLength(FRAMES_PER_SECOND)
  })
})
