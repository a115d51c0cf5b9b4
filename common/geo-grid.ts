/**
 * Where members are, as coarsely as search needs (ADR 26): a grid of cells 0.05° of latitude high
 * (5.6 km) and as wide, whatever the latitude (each row of cells has as many columns as fit). A
 * member's place is the cell of their town; the town's point is never kept, and every distance
 * the site works out is between cell centres, so nothing it says places a member more precisely
 * than their cell.
 */

const ROW_DEG = 0.05
const EARTH_KM = 6371.0088
const ROWS = Math.round(180 / ROW_DEG)
/** Keys: the row (from the south pole) times this, plus the column. */
const KEY_ROW = 10_000

interface Cell {
  row: number
  col: number
}

const rad = (deg: number) => (deg * Math.PI) / 180

/** How many cells a row has: its circumference at the row's middle in cells of ROW_DEG. */
function columns(row: number): number {
  const middle = -90 + (row + 0.5) * ROW_DEG
  return Math.max(1, Math.floor((360 * Math.cos(rad(middle))) / ROW_DEG))
}

/** The cell a point lies in. */
export function cellOf(lat: number, lon: number): Cell {
  const row = Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / ROW_DEG)))
  const n = columns(row)
  const col = Math.min(n - 1, Math.floor(((((lon + 180) % 360) + 360) % 360) / (360 / n)))
  return { row, col }
}

export const cellKey = (cell: Cell) => cell.row * KEY_ROW + cell.col
export const cellFromKey = (key: number): Cell => ({ row: Math.floor(key / KEY_ROW), col: key % KEY_ROW })

/** The middle of a cell: the only point of a member's place the site ever uses. */
export function cellCenter(cell: Cell): { lat: number; lon: number } {
  const n = columns(cell.row)
  return { lat: -90 + (cell.row + 0.5) * ROW_DEG, lon: -180 + (cell.col + 0.5) * (360 / n) }
}

/** A cell's centre on the unit sphere: what the database indexes (a `cube` point, ADR 26). */
export function cellVector(cell: Cell): [number, number, number] {
  const { lat, lon } = cellCenter(cell)
  const round = (v: number) => Math.round(v * 1e9) / 1e9
  return [
    round(Math.cos(rad(lat)) * Math.cos(rad(lon))),
    round(Math.cos(rad(lat)) * Math.sin(rad(lon))),
    round(Math.sin(rad(lat))),
  ]
}

/** The straight-line distance through the unit sphere that spans `km` on the surface. */
export const chordOfKm = (km: number) => 2 * Math.sin(Math.min(Math.PI / 2, km / (2 * EARTH_KM)))
/** The distance on the surface that a chord of the unit sphere spans. */
export const kmOfChord = (chord: number) => 2 * EARTH_KM * Math.asin(Math.min(1, chord / 2))

/** The distance between two cells' centres, in km. */
export function kmBetween(a: Cell, b: Cell): number {
  const va = cellVector(a)
  const vb = cellVector(b)
  return kmOfChord(Math.hypot(va[0] - vb[0], va[1] - vb[1], va[2] - vb[2]))
}

/** The distances search can be limited to, in km (or anywhere). */
export const DISTANCE_CHOICES = [10, 25, 50, 100, 250] as const

/**
 * A distance between cell centres as a member sees it: "under 10 km" in the same cell (two points
 * of one cell are at most 7.9 km apart), else "about N km", rounded more the farther it is.
 */
export type DistanceBand = { kind: 'under' | 'about'; km: number }

export function distanceBand(km: number): DistanceBand {
  if (km < 1) return { kind: 'under', km: 10 }
  const step = km < 50 ? 5 : km < 100 ? 10 : km < 500 ? 50 : 100
  return { kind: 'about', km: Math.max(5, Math.round(km / step) * step) }
}
