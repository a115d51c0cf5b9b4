import { eq } from 'drizzle-orm'
import { cellFromKey, cellVector } from '#common/geo-grid.ts'
import type { Executor } from './client.ts'
import { regions } from './schema/reference.ts'

/** Finds the grid cell of a town (the location module's geocoder). */
export interface TownCells {
  townCell(country: string, city: string | null, regionCode: string | null): Promise<number | null>
}

/** A profile's place columns for a cell: its key and its centre as the distance index reads it. */
export function placeColumns(cell: number | null) {
  return { geoCell: cell, geo: cell === null ? null : cellVector(cellFromKey(cell)) }
}

/** The place columns of a profile in `country`, in the region and town given (ADR 26). */
export async function placeOf(
  db: Executor,
  towns: TownCells,
  place: { country: string; regionId: number | null; city: string | null },
) {
  const [region] =
    place.regionId === null
      ? []
      : await db.select({ code: regions.code }).from(regions).where(eq(regions.id, place.regionId))
  return placeColumns(await towns.townCell(place.country, place.city, region?.code ?? null))
}
