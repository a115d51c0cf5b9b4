import { describe, expect, it } from 'vitest'
import { cellCenter, cellKey, cellOf, chordOfKm, distanceBand, kmBetween, kmOfChord } from './geo-grid.ts'

describe('the search grid (ADR 26)', () => {
  it('has cells at least 5 km across at every latitude a member may live at', () => {
    for (const lat of [0, 35, 48.85, 52.1, 60.4, 69.6]) {
      const cell = cellOf(lat, 10)
      expect(kmBetween(cell, { row: cell.row, col: cell.col + 1 })).toBeGreaterThanOrEqual(5)
      expect(kmBetween(cell, { row: cell.row + 1, col: cell.col })).toBeGreaterThanOrEqual(5)
      expect(kmBetween(cell, { row: cell.row, col: cell.col + 1 })).toBeLessThan(6)
    }
  })

  it('puts a point in the cell whose middle is near it, on both sides of the meridian', () => {
    for (const [lat, lon] of [
      [51.5074, -0.1278],
      [48.8566, 2.3522],
      [45.5017, -73.5673],
    ]) {
      const middle = cellCenter(cellOf(lat, lon))
      expect(Math.abs(middle.lat - lat)).toBeLessThan(0.05)
      expect(cellKey(cellOf(middle.lat, middle.lon))).toBe(cellKey(cellOf(lat, lon)))
    }
  })

  it('turns chords and km into each other, and shows distances in bands only', () => {
    expect(kmOfChord(chordOfKm(123))).toBeCloseTo(123, 6)
    expect(distanceBand(0)).toEqual({ kind: 'under', km: 10 })
    expect(distanceBand(5.6)).toEqual({ kind: 'about', km: 5 })
    expect(distanceBand(22.4)).toEqual({ kind: 'about', km: 20 })
    expect(distanceBand(76)).toEqual({ kind: 'about', km: 80 })
    expect(distanceBand(342)).toEqual({ kind: 'about', km: 350 })
    expect(distanceBand(1234)).toEqual({ kind: 'about', km: 1200 })
  })
})
