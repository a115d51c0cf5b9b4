import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { cellFromKey, cellVector } from '#common/geo-grid.ts'
import type { Executor } from '#server/db/client.ts'
import { profiles } from '#server/db/schema/members.ts'
import { regions } from '#server/db/schema/reference.ts'

export function selectRegionsByCode(db: Executor, country: string, code: string) {
  return db
    .select({ id: regions.id, name: regions.name })
    .from(regions)
    .where(and(eq(regions.country, country), eq(regions.code, code)))
}

/** Profiles with a town or region but no place on the grid yet (made before ADR 26), by id. */
export function selectUnplacedProfiles(db: Executor, limit: number) {
  return db
    .select({ id: profiles.id, country: profiles.country, city: profiles.city, regionCode: regions.code })
    .from(profiles)
    .leftJoin(regions, eq(regions.id, profiles.regionId))
    .where(and(isNull(profiles.geoCell), or(isNotNull(profiles.city), isNotNull(profiles.regionId))))
    .orderBy(profiles.id)
    .limit(limit)
}

/** Places profiles on the grid: one statement for the whole batch. */
export async function setProfilePlaces(db: Executor, places: Array<{ id: number; cell: number }>) {
  if (places.length === 0) return
  const vectors = places.map((p) => cellVector(cellFromKey(p.cell)))
  await db.execute(sql`
    update profiles set geo_cell = t.cell, geo = cube(array[t.x, t.y, t.z])
    from unnest(${sql.param(places.map((p) => p.id))}::int[], ${sql.param(places.map((p) => p.cell))}::int[],
                ${sql.param(vectors.map((v) => v[0]))}::float8[], ${sql.param(vectors.map((v) => v[1]))}::float8[],
                ${sql.param(vectors.map((v) => v[2]))}::float8[]) as t(id, cell, x, y, z)
    where profiles.id = t.id and profiles.geo_cell is null`)
}
