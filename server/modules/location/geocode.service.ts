import type { Geocode } from '#common/schemas/location.ts'
import type { Db } from '#server/db/client.ts'
import { createTowns } from '#server/lib/towns.ts'
import { selectRegionsByCode, selectUnplacedProfiles, setProfilePlaces } from './location.queries.ts'

export type GeocodeService = ReturnType<typeof createGeocodeService>

/** The nearest town to a point, and the grid cell of a member's town (server/lib/towns.ts). */
export function createGeocodeService(db: Db, countries: readonly string[]) {
  const towns = createTowns(countries)
  return {
    townCell: towns.townCell,

    /**
     * Places up to `limit` profiles made before places were kept (ADR 26) on the grid from their
     * town or region; answers how many it placed. Those it cannot place are tried at the next run.
     */
    async placeUnplaced(limit = 5000): Promise<number> {
      const rows = await selectUnplacedProfiles(db, limit)
      const placed: Array<{ id: number; cell: number }> = []
      for (const row of rows) {
        const cell = await towns.townCell(row.country, row.city, row.regionCode)
        if (cell !== null) placed.push({ id: row.id, cell })
      }
      await setProfilePlaces(db, placed)
      return placed.length
    },

    /** The nearest town within 50 km in a served country, with its region; null when there is none. */
    async geocode(lat: number, lon: number): Promise<Geocode | null> {
      const place = await towns.nearest(lat, lon)
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
