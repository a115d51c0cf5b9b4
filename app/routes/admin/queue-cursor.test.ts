import { describe, expect, it } from 'vitest'
import { cursorIndex } from './queue-cursor.ts'

describe('cursorIndex', () => {
  const shown = [11, 12, 13, 14, 15]

  it('stays on the chosen item when rows leave above it or arrive', () => {
    // Another moderator decided 11 and 12 while 14 was chosen: 14 is now second, not fourth.
    expect(cursorIndex(14, shown, [13, 14, 15])).toBe(1)
    // A newer signal came in above: still 14.
    expect(cursorIndex(14, shown, [10, 11, 12, 13, 14, 15])).toBe(4)
  })

  it('moves to the item that followed a departed one, skipping those that left with it', () => {
    // 13 decided here, 14 by someone else meanwhile: 15, not whatever stands third now.
    expect(cursorIndex(13, shown, [11, 12, 15, 16])).toBe(2)
    expect(cursorIndex(13, shown, [11, 12, 14, 15])).toBe(2)
  })

  it('falls back to the nearest item before when nothing after it is left', () => {
    expect(cursorIndex(15, shown, [11, 12, 13, 14])).toBe(3)
    expect(cursorIndex(14, shown, [11, 12, 16, 17])).toBe(1)
  })

  it('keeps the old place when none of the items shown is left, and starts at the first', () => {
    expect(cursorIndex(13, shown, [21, 22, 23, 24])).toBe(2)
    expect(cursorIndex(13, shown, [21])).toBe(0)
    expect(cursorIndex(null, [], [21, 22])).toBe(0)
    expect(cursorIndex(13, shown, [])).toBe(-1)
  })

  it('works on string keys (a row of the signals queue)', () => {
    expect(cursorIndex('b', ['a', 'b', 'c'], ['a', 'c'])).toBe(1)
  })
})
